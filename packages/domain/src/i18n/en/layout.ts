/** The layout area's words (keys start with 'layout.'). */
export const layout = {} as const;
