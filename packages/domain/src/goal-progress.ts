import type { MessageKey } from './i18n/en/index.js';

/** The zod-free part of saving goals (docs/decisions/107-saving-goals.md), for the screens. */

/** Why a goal was unpinned by the server: the student bought it, it sold out, or it left the store. */
export const GOAL_ENDINGS = ['bought', 'soldOut', 'gone'] as const;
export type GoalEnding = (typeof GOAL_ENDINGS)[number];

/** How far a balance is from a price: points still to earn and the whole percent saved (0 to 100). */
export function goalProgress(
  balance: number,
  price: number,
): { remaining: number; percent: number } {
  const saved = Math.max(0, balance);
  if (price <= 0) return { remaining: 0, percent: 100 };
  return {
    remaining: Math.max(0, price - saved),
    percent: Math.min(100, Math.floor((saved * 100) / price)),
  };
}

/** The one-time note on the home page about a goal the server unpinned. */
export function goalNoteText(note: { productName: string; reason: GoalEnding }): string {
  switch (note.reason) {
    case 'bought':
      return `You bought ${note.productName}, your goal. Pick a new one in the store.`;
    case 'soldOut':
      return `${note.productName} sold out, so it is no longer your goal.`;
    case 'gone':
      return `${note.productName} left the store, so it is no longer your goal.`;
  }
}

/** The goal note's catalogue key by reason (goalNoteText is the English); its value is {product}. */
export const GOAL_NOTE_KEYS: Record<GoalEnding, MessageKey> = {
  bought: 'welcome.goalBought',
  soldOut: 'welcome.goalSoldOut',
  gone: 'welcome.goalGone',
};
