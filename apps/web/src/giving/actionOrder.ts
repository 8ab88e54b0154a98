import type { ActivityOption, ActivityOptions } from '../api';

export interface ActionSections {
  /** The user's power actions, in the order they pinned them. */
  pinned: ActivityOption[];
  bonuses: ActivityOption[];
  flags: ActivityOption[];
}

/** Bonuses and Flags as the action panel shows them: pinned ones first and not repeated below. */
export function actionSections(options: Pick<ActivityOptions, 'categories' | 'powerActions'>): ActionSections {
  const all = [...options.categories.Bonuses, ...options.categories.Flags];
  const pinned = options.powerActions.map((id) => all.find((a) => a._id === id)).filter((a): a is ActivityOption => Boolean(a));
  const isPinned = (a: ActivityOption) => options.powerActions.includes(a._id);
  return {
    pinned,
    bonuses: options.categories.Bonuses.filter((a) => !isPinned(a)),
    flags: options.categories.Flags.filter((a) => !isPinned(a)),
  };
}

/** Pins an action at the end of the list, or unpins it. */
export const togglePin = (pinned: readonly string[], id: string): string[] =>
  pinned.includes(id) ? pinned.filter((p) => p !== id) : [...pinned, id];

/** Adds or removes one id, keeping the order of choice. */
export const toggleId = (ids: readonly string[], id: string): string[] => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]);

/** How many custom actions of a kind the user has left. */
export const customLeft = (options: Pick<ActivityOptions, 'customActions' | 'customLimit'>, category: 'Flags' | 'Bonuses') =>
  Math.max(0, options.customLimit - options.customActions.filter((a) => a.category === category).length);
