/** The guardian area's words (keys start with 'guardian.'). */
export const guardian = {} as const;
