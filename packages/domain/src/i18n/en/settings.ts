/** The settings area's words (keys start with 'settings.'). */
export const settings = {} as const;
