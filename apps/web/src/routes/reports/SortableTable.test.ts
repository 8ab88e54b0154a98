import { describe, expect, it } from 'vitest';
import { sortRows, type Column } from './SortableTable';

type Row = { name: string; grade: string | null; earned: number };
const COLUMNS: Column<Row>[] = [
  { key: 'name', label: 'Name', value: (r) => r.name },
  { key: 'grade', label: 'Grade', value: (r) => r.grade },
  { key: 'earned', label: 'Earned', value: (r) => r.earned, numeric: true },
];
const ROWS: Row[] = [
  { name: 'bo', grade: '10', earned: 5 },
  { name: 'Al', grade: '9', earned: -3 },
  { name: 'cy', grade: null, earned: 12 },
];

describe('sortRows', () => {
  it.each([
    // column, direction, names in order
    ['name', 'asc', ['Al', 'bo', 'cy']],
    ['name', 'desc', ['cy', 'bo', 'Al']],
    ['earned', 'desc', ['cy', 'bo', 'Al']],
    ['earned', 'asc', ['Al', 'bo', 'cy']],
    ['grade', 'asc', ['Al', 'bo', 'cy']], // 9 before 10, empty last
    ['grade', 'desc', ['bo', 'Al', 'cy']], // empty still last
  ] as const)('by %s %s', (key, dir, names) => {
    expect(sortRows(ROWS, COLUMNS, { key, dir }).map((r) => r.name)).toEqual(names);
  });

  it('keeps the order without a sort or with an unknown column, and never changes its input', () => {
    expect(sortRows(ROWS, COLUMNS, null)).toEqual(ROWS);
    expect(sortRows(ROWS, COLUMNS, { key: 'nope', dir: 'asc' })).toEqual(ROWS);
    sortRows(ROWS, COLUMNS, { key: 'earned', dir: 'asc' });
    expect(ROWS.map((r) => r.name)).toEqual(['bo', 'Al', 'cy']);
  });
});
