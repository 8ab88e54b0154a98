import type { ActivityOption, ActivityOptions } from '../../api';

export interface ActionSections {
  /** The user's power actions, in the order they pinned them. */
  pinned: ActivityOption[];
  bonuses: ActivityOption[];
  flags: ActivityOption[];
  /** Other categories the user may give (admins: Academic Pay Day and the daily ones). */
  others: { category: string; actions: ActivityOption[] }[];
}

const OTHER_CATEGORIES = ['Academic Pay Day', 'Daily Behavior', 'Daily Attendance'] as const;

/** Every action the user may give: Bonuses, Flags and any other category the server allows them. */
export function givableActions(
  options: Pick<ActivityOptions, 'categories' | 'givableCategories'>,
): ActivityOption[] {
  const extra = OTHER_CATEGORIES.filter((c) => options.givableCategories?.includes(c)).flatMap(
    (c) => options.categories[c] ?? [],
  );
  return [...options.categories.Bonuses, ...options.categories.Flags, ...extra];
}

/** Bonuses and Flags as the action panel shows them: pinned ones first and not repeated below. */
export function actionSections(
  options: Pick<ActivityOptions, 'categories' | 'powerActions' | 'givableCategories'>,
): ActionSections {
  const all = givableActions(options);
  const pinned = options.powerActions
    .map((id) => all.find((a) => a._id === id))
    .filter((a): a is ActivityOption => Boolean(a));
  const isPinned = (a: ActivityOption) => options.powerActions.includes(a._id);
  return {
    pinned,
    bonuses: options.categories.Bonuses.filter((a) => !isPinned(a)),
    flags: options.categories.Flags.filter((a) => !isPinned(a)),
    others: OTHER_CATEGORIES.filter((c) => options.givableCategories?.includes(c))
      .map((category) => ({
        category,
        actions: (options.categories[category] ?? []).filter((a) => !isPinned(a)),
      }))
      .filter((o) => o.actions.length > 0),
  };
}

/** Pins an action at the end of the list, or unpins it. */
export const togglePin = (pinned: readonly string[], id: string): string[] =>
  pinned.includes(id) ? pinned.filter((p) => p !== id) : [...pinned, id];

/** Adds or removes one id, keeping the order of choice. */
export const toggleId = (ids: readonly string[], id: string): string[] =>
  ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id];

/** How many custom actions of a kind the user has left. */
export const customLeft = (
  options: Pick<ActivityOptions, 'customActions' | 'customLimit'>,
  category: 'Flags' | 'Bonuses',
) =>
  Math.max(
    0,
    options.customLimit - options.customActions.filter((a) => a.category === category).length,
  );
