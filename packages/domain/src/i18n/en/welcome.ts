/** The welcome area's words (keys start with 'welcome.'). */
export const welcome = {} as const;
