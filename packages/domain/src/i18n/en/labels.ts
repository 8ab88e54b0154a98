/** The labels area's words (keys start with 'labels.'). */
export const labels = {} as const;
