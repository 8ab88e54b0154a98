import { describe, expect, it } from 'vitest';
import {
  EMOJI_PRICES,
  gemTier,
  isLevelUnlocked,
  memberStatus,
  MEMBER_STATUS_LEVELS,
  type MemberStatusLevel,
} from '../src/index.js';

/** docs/spec.md section 10.2 thresholds, in the spec's order. */
const GEMS: [string, number][] = [
  ['Bronze', 0],
  ['Silver', 100],
  ['Gold', 250],
  ['Platinum', 500],
  ['Ruby', 1000],
  ['Emerald', 2000],
  ['Sapphire', 3500],
  ['Diamond', 5000],
  ['Crystal', 7500],
  ['Onyx', 10000],
  ['Mystery', 15000],
];
const LEVELS: [MemberStatusLevel, number][] = [
  ['Bronze', 0],
  ['Silver', 250],
  ['Gold', 750],
  ['Platinum', 1500],
  ['Ruby', 3000],
  ['Emerald', 5000],
];

/** At, just below and just above every threshold: [value, tier, next, pointsToNext]. */
function around(table: [string, number][]) {
  const cases: [number, string, string | null, number][] = [];
  table.forEach(([name, at], i) => {
    const next = table[i + 1];
    const prev = table[i - 1];
    cases.push([at, name, next?.[0] ?? null, next ? next[1] - at : 0]);
    cases.push([at + 1, name, next?.[0] ?? null, next ? next[1] - at - 1 : 0]);
    if (prev) cases.push([at - 1, prev[0], name, 1]);
  });
  return cases;
}

describe('gemTier by balance', () => {
  it.each(around(GEMS))('%i → %s, next %s, %i to go', (balance, tier, nextTier, pointsToNext) => {
    expect(gemTier(balance)).toEqual({ tier, nextTier, pointsToNext });
  });

  it.each([
    [-1, 101],
    [-50, 150],
    [-1000, 1100],
  ])('a negative balance %i is Bronze with Silver next, %i to go', (balance, pointsToNext) => {
    expect(gemTier(balance)).toEqual({ tier: 'Bronze', nextTier: 'Silver', pointsToNext });
  });

  it('the top tier has no next tier', () => {
    expect(gemTier(1_000_000)).toEqual({ tier: 'Mystery', nextTier: null, pointsToNext: 0 });
  });
});

describe('memberStatus by total earned', () => {
  it.each(around(LEVELS))('%i → %s, next %s, %i to go', (earned, tier, nextTier, pointsToNext) => {
    expect(memberStatus(earned)).toEqual({ tier, nextTier, pointsToNext });
  });

  it('the levels are the spec order', () => {
    expect(MEMBER_STATUS_LEVELS.map(([n]) => n)).toEqual(LEVELS.map(([n]) => n));
  });

  it('top level has no next', () => {
    expect(memberStatus(99_999)).toEqual({ tier: 'Emerald', nextTier: null, pointsToNext: 0 });
  });
});

describe('isLevelUnlocked: a level unlocks its own and every lower level', () => {
  const names = LEVELS.map(([n]) => n);
  const pairs = names.flatMap((owned, i) =>
    names.map((wanted, j) => [owned, wanted, j <= i] as const),
  );
  it.each(pairs)('owned %s, wanted %s → %s', (owned, wanted, want) => {
    expect(isLevelUnlocked(owned, wanted)).toBe(want);
  });
});

describe('emoji prices by level (docs/spec.md section 9)', () => {
  it('Bronze 50 … Emerald 100', () => {
    expect(EMOJI_PRICES).toEqual({
      Bronze: 50,
      Silver: 60,
      Gold: 70,
      Platinum: 80,
      Ruby: 90,
      Emerald: 100,
    });
  });
});
