export interface Named {
  firstName: string;
  lastName: string;
}

/**
 * Header name: first initial and last name ("J. Smith"); the first name alone when there is no last
 * name (a cashier code's account is named by its label: "Sam at the counter").
 */
export function shortName(u: Named): string {
  const initial = u.firstName.trim().charAt(0).toUpperCase();
  if (!u.lastName.trim()) return u.firstName.trim();
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

/**
 * Characters no name people read may hold (issue 31, L5): C0 and C1 control characters (CR, LF
 * and TAB among them), zero-width characters and direction marks (U+200B–U+200F), the line and
 * paragraph separators (U+2028, U+2029), embeddings and overrides (U+202A–U+202E), invisible
 * operators (U+2060–U+2064), isolates (U+2066–U+2069) and the byte order mark (U+FEFF): they
 * break a line of a report, a mail or a CSV, hide text, or turn it round.
 */
const HIDDEN =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this looks for
  /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;

/** Whether a name holds a character of `HIDDEN` (a line break, a tab, an invisible or direction-changing character). */
export const hasHiddenCharacters = (name: string): boolean => HIDDEN.test(name);

/** Why such a name is refused; the server puts the field before it ("name: must not …"). */
export const HIDDEN_CHARACTERS_PROBLEM =
  'must not contain line breaks, tabs or invisible characters';
