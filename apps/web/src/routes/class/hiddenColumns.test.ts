import { describe, expect, it } from 'vitest';
import { hiddenColumns } from './hiddenColumns';

const columns = [
  { name: '', left: 0, right: 40 },
  { name: 'Student', left: 40, right: 200 },
  { name: 'Balance', left: 200, right: 270 },
  { name: 'Earned', left: 270, right: 340 },
  { name: 'Flagged', left: 340, right: 410 },
  { name: 'Absent', left: 410, right: 470 },
];

describe('hiddenColumns (the roster on a phone)', () => {
  it('names the columns cut off on the right', () => {
    expect(hiddenColumns({ left: 0, right: 300 }, columns)).toEqual({
      before: [],
      after: ['Earned', 'Flagged', 'Absent'],
    });
  });
  it('names the columns scrolled away on the left, and none when all fit', () => {
    expect(hiddenColumns({ left: 170, right: 470 }, columns)).toEqual({
      before: ['Student'],
      after: [],
    });
    expect(hiddenColumns({ left: 0, right: 470 }, columns)).toEqual({ before: [], after: [] });
  });
  it('forgives a few pixels', () => {
    expect(hiddenColumns({ left: 0, right: 467 }, columns).after).toEqual([]);
  });
});
