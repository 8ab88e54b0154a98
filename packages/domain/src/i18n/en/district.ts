/** The district area's words (keys start with 'district.'). */
export const district = {} as const;
