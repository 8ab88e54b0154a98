import { describe, expect, it } from 'vitest';
import { nextCell } from './ClassStudentTable';

describe('nextCell (the roster as one Tab stop)', () => {
  it('moves between students and their two controls, stopping at the edges', () => {
    expect(nextCell('ArrowDown', [0, 0], 3)).toEqual([1, 0]);
    expect(nextCell('ArrowDown', [2, 0], 3)).toEqual([2, 0]);
    expect(nextCell('ArrowUp', [0, 1], 3)).toEqual([0, 1]);
    expect(nextCell('ArrowRight', [1, 0], 3)).toEqual([1, 1]);
    expect(nextCell('ArrowRight', [1, 1], 3)).toEqual([1, 1]);
    expect(nextCell('ArrowLeft', [1, 1], 3)).toEqual([1, 0]);
    expect(nextCell('End', [0, 1], 30)).toEqual([29, 1]);
    expect(nextCell('Home', [12, 0], 30)).toEqual([0, 0]);
  });
  it('leaves other keys (Space, Tab) alone', () => {
    expect(nextCell(' ', [0, 0], 3)).toBeNull();
    expect(nextCell('Tab', [0, 0], 3)).toBeNull();
  });
});
