/** The notifications area's words (keys start with 'notifications.'). */
export const notifications = {} as const;
