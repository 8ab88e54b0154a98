/** The giving area's words (keys start with 'giving.'). */
export const giving = {} as const;
