export const GEM_TIERS = [
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
] as const;
export type GemTier = (typeof GEM_TIERS)[number][0];

export interface TierInfo<T extends string> {
  tier: T;
  nextTier: T | null;
  pointsToNext: number;
}

function lookup<T extends string>(table: ReadonlyArray<readonly [T, number]>, value: number): TierInfo<T> {
  let i = 0;
  while (i + 1 < table.length && value >= table[i + 1]![1]) i++;
  const next = table[i + 1];
  return { tier: table[i]![0], nextTier: next ? next[0] : null, pointsToNext: next ? next[1] - value : 0 };
}

/** Gem tier by current balance; a negative balance is Bronze with Silver next. */
export const gemTier = (balance: number) => lookup(GEM_TIERS, balance);

export const MEMBER_STATUS_LEVELS = [
  ['Bronze', 0],
  ['Silver', 250],
  ['Gold', 750],
  ['Platinum', 1500],
  ['Ruby', 3000],
  ['Emerald', 5000],
] as const;
export type MemberStatusLevel = (typeof MEMBER_STATUS_LEVELS)[number][0];

/** Member status level by total earned in the school year. */
export const memberStatus = (totalEarned: number) => lookup(MEMBER_STATUS_LEVELS, totalEarned);

export const EMOJI_PRICES: Record<MemberStatusLevel, number> = {
  Bronze: 50,
  Silver: 60,
  Gold: 70,
  Platinum: 80,
  Ruby: 90,
  Emerald: 100,
};

/** A level unlocks its own icons and every lower level's. */
export function isLevelUnlocked(owned: MemberStatusLevel, wanted: MemberStatusLevel): boolean {
  const idx = (l: MemberStatusLevel) => MEMBER_STATUS_LEVELS.findIndex(([n]) => n === l);
  return idx(wanted) <= idx(owned);
}
