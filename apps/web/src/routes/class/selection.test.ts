import { describe, expect, it } from 'vitest';
import { giveSelectors, groupSelection, onRoster, selectAllState, setShown } from './selection';

const students = [
  { _id: 'u1', externalStudentId: 'S1' },
  { _id: 'u2', externalStudentId: 'S2' },
  { _id: 'u3', externalStudentId: 'S3' },
];

describe('selectAllState', () => {
  it.each([
    [[], [], false, false],
    [['S1', 'S2'], [], false, false],
    [['S1', 'S2'], ['S1'], false, true],
    [['S1', 'S2'], ['S1', 'S2', 'S3'], true, false],
  ])('shown %j selected %j', (shown, selected, checked, indeterminate) => {
    expect(selectAllState(shown, selected)).toEqual({ checked, indeterminate });
  });
});

describe('setShown', () => {
  it('adds the shown students once and keeps the others', () => {
    expect(setShown(['S3', 'S1'], ['S1', 'S2'], true)).toEqual(['S3', 'S1', 'S2']);
  });
  it('clears only the shown students', () => {
    expect(setShown(['S3', 'S1'], ['S1', 'S2'], false)).toEqual(['S3']);
  });
});

describe('groupSelection and onRoster', () => {
  it('maps a group to the roster ids of its members on the roster', () => {
    expect(groupSelection({ studentIds: ['u3', 'u1', 'gone'] }, students)).toEqual(['S1', 'S3']);
  });
  it('drops selected students who left the roster', () => {
    expect(onRoster(['S1', 'S9'], students)).toEqual(['S1']);
  });
});

describe('giveSelectors', () => {
  const table = { _id: 'g1', studentIds: ['u1', 'u3'] };
  const byGroup = { internalPeriodId: 'p1', groupIds: ['g1'] };
  const byStudents = (ids: string[]) => ({ internalPeriodId: 'p1', externalStudentIds: ids });

  it('gives through the group when the selection is exactly its members, in any order', () => {
    expect(giveSelectors('p1', ['S1', 'S3'], table, students)).toEqual(byGroup);
    expect(giveSelectors('p1', ['S3', 'S1'], table, students)).toEqual(byGroup);
    expect(giveSelectors('p1', ['S3', 'S1', 'S1'], table, students)).toEqual(byGroup);
  });
  it('gives to the students when no group was chosen', () => {
    expect(giveSelectors('p1', ['S1', 'S3'], null, students)).toEqual(byStudents(['S1', 'S3']));
    expect(giveSelectors('p1', [], undefined, students)).toEqual(byStudents([]));
  });
  it.each([
    ['a member was unticked', ['S1']],
    ['another student was added', ['S1', 'S3', 'S2']],
    ['a member was swapped for another student', ['S1', 'S2']],
    ['the selection was cleared', []],
  ])('falls back to the students when %s', (_why, selected) => {
    expect(giveSelectors('p1', selected, table, students)).toEqual(byStudents(selected));
  });
  it('falls back to the students when a member has left the roster (the group would reach them too)', () => {
    expect(
      giveSelectors('p1', ['S1', 'S3'], { _id: 'g1', studentIds: ['u1', 'u3', 'gone'] }, students),
    ).toEqual(byStudents(['S1', 'S3']));
  });
  it('never gives through an empty group', () => {
    expect(giveSelectors('p1', [], { _id: 'g1', studentIds: [] }, students)).toEqual(
      byStudents([]),
    );
  });
});
