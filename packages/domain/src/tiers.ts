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

type Ladder<T extends string> = ReadonlyArray<readonly [T, number]>;

/** The rung of `table` that `value` stands on and the one above it (none at the top): the one reading of the thresholds. */
function rungOf<T extends string>(
  table: Ladder<T>,
  value: number,
): { at: readonly [T, number]; next: readonly [T, number] | undefined } {
  let i = 0;
  while (i + 1 < table.length && value >= table[i + 1]![1]) i++;
  return { at: table[i]!, next: table[i + 1] };
}

function lookup<T extends string>(table: Ladder<T>, value: number): TierInfo<T> {
  const { at, next } = rungOf(table, value);
  return { tier: at[0], nextTier: next ? next[0] : null, pointsToNext: next ? next[1] - value : 0 };
}

/** Percent (0–100, whole) of the way from the current rung of `table` to the next; 100 at the top. */
function progress(table: Ladder<string>, value: number): number {
  const { at, next } = rungOf(table, value);
  if (!next) return 100;
  return Math.max(0, Math.min(100, Math.floor(((value - at[1]) / (next[1] - at[1])) * 100)));
}

/** Gem tier by current balance; a negative balance is Bronze with Silver next. */
export const gemTier = (balance: number) => lookup(GEM_TIERS, balance);
/** How far the balance is from its gem tier to the next, in percent. */
export const gemProgress = (balance: number) => progress(GEM_TIERS, balance);

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
/** How far this year's earnings are from their member level to the next, in percent. */
export const memberProgress = (yearEarned: number) =>
  progress(MEMBER_STATUS_LEVELS, Math.max(0, yearEarned));

export const EMOJI_PRICES: Record<MemberStatusLevel, number> = {
  Bronze: 50,
  Silver: 60,
  Gold: 70,
  Platinum: 80,
  Ruby: 90,
  Emerald: 100,
};

const LEVEL_RANK = new Map<string, number>(MEMBER_STATUS_LEVELS.map(([n], i) => [n, i]));

/** A level unlocks its own icons and every lower level's (asked once per icon of every store/meta). */
export function isLevelUnlocked(owned: MemberStatusLevel, wanted: MemberStatusLevel): boolean {
  return LEVEL_RANK.get(wanted)! <= LEVEL_RANK.get(owned)!;
}
