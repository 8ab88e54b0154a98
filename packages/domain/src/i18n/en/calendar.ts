/** The calendar area's words (keys start with 'calendar.'). */
export const calendar = {} as const;
