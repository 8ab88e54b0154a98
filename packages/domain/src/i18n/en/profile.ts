/** The profile area's words (keys start with 'profile.'). */
export const profile = {} as const;
