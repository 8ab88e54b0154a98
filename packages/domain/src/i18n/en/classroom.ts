/** The classroom area's words (keys start with 'classroom.'). */
export const classroom = {} as const;
