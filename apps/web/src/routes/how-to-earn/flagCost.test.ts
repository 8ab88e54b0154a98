import { describe, expect, it } from 'vitest';
import { flagCostText } from './CategoryCard';

describe('flagCostText', () => {
  it("names both amounts when an admin's flag costs more than a teacher's", () => {
    expect(flagCostText({ admin: 5, nonAdmin: 3 })).toBe(
      '−3 points from a teacher, −5 from an admin',
    );
  });
  it('gives one amount when they are the same', () => {
    expect(flagCostText({ admin: 1, nonAdmin: 1 })).toBe('−1 point');
  });
});
