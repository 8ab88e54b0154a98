/** The store area's words (keys start with 'store.'). */
export const store = {} as const;
