/** The activity area's words (keys start with 'activity.'). */
export const activity = {} as const;
