/** "SCHOOL_ADMIN" → "School Admin": display text only, no rule. */
export const roleName = (role: string): string =>
  role
    .toLowerCase()
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
