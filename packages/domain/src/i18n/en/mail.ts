/** The mail area's words (keys start with 'mail.'). */
export const mail = {} as const;
