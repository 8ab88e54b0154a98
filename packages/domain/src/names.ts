export interface Named {
  firstName: string;
  lastName: string;
}

/** Header name: first initial and last name ("J. Smith"). */
export function shortName(u: Named): string {
  const initial = u.firstName.trim().charAt(0).toUpperCase();
  return initial ? `${initial}. ${u.lastName.trim()}` : u.lastName.trim();
}

/** Avatar initials: both initials ("JS"). */
export function initials(u: Named): string {
  return `${u.firstName.trim().charAt(0)}${u.lastName.trim().charAt(0)}`.toUpperCase();
}

export const fullName = (u: Named): string => `${u.firstName} ${u.lastName}`.trim();

/**
 * Start-with match across first name, last name, "last, first" and "first last",
 * case-insensitive; an empty query matches everyone.
 */
export function matchesName(u: Named, query: string): boolean {
  const q = query.trim().toLowerCase().replace(/\s+/g, ' ');
  if (!q) return true;
  const first = u.firstName.trim().toLowerCase();
  const last = u.lastName.trim().toLowerCase();
  return [first, last, `${last}, ${first}`, `${first} ${last}`].some((c) => c.startsWith(q));
}

export function searchByName<T extends Named>(list: readonly T[], query: string): T[] {
  return list.filter((u) => matchesName(u, query));
}
