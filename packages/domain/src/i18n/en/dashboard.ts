/** The dashboard area's words (keys start with 'dashboard.'). */
export const dashboard = {} as const;
