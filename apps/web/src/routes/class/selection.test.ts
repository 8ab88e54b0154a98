import { describe, expect, it } from 'vitest';
import { groupSelection, onRoster, selectAllState, setShown } from './selection';

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
  it('maps a group to the external ids of its members on the roster', () => {
    expect(groupSelection({ studentIds: ['u3', 'u1', 'gone'] }, students)).toEqual(['S1', 'S3']);
  });
  it('drops selected students who left the roster', () => {
    expect(onRoster(['S1', 'S9'], students)).toEqual(['S1']);
  });
});
