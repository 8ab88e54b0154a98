/** The reports area's words (keys start with 'reports.'). */
export const reports = {} as const;
