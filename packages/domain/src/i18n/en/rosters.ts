/** The rosters area's words (keys start with 'rosters.'). */
export const rosters = {} as const;
