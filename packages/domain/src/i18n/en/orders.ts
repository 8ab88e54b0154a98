/** The orders area's words (keys start with 'orders.'). */
export const orders = {} as const;
