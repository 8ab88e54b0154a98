import type { DerivedName, EarlyCall, EarlyRead } from './early-reads';

/**
 * What the build tells the boot script (apps/web/vite.config.ts writes it into index.html as a
 * JSON data block, which the content security policy allows, unlike an inline script).
 */
export interface BootPlan {
  /** Each language's words chunks: `base` for everyone, `student` and `staff` for staff. */
  words: Record<string, { base?: string; student?: string; staff?: string }>;
  /** The roles that load staff's words up front. */
  staffRoles: string[];
  session: EarlyCall;
  /** The call whose answer each derived query value is read from. */
  derivedFrom: Record<DerivedName, EarlyCall>;
  pages: {
    path: string;
    roles: string[];
    /** The page part's chunk and the chunks it imports, as URLs. */
    chunks: string[];
    reads: EarlyRead[];
  }[];
}

export const BOOT_PLAN_ID = 'boot-plan';

/** A query as the boot script sends it: its set values, by name. */
export function queryString(query: Record<string, unknown> = {}): string {
  const set = Object.entries(query)
    .filter(([, v]) => v !== undefined && v !== null)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => [k, String(v)]);
  return new URLSearchParams(set).toString();
}

/** The key of an early answer: the call's method, path and query, as the API client asks it. */
export function earlyKey(method: string, path: string, query?: Record<string, unknown>): string {
  const qs = queryString(query);
  return `${method} ${path}${qs ? `?${qs}` : ''}`;
}

/** An answer the boot script received: what the API client needs to read it. */
export interface EarlyAnswer {
  status: number;
  text: string;
}

/** The early answers, kept on the window between the boot script and the app. */
interface EarlyReads {
  /** The stored sign-in the reads were sent with. */
  token: string;
  /** When the boot script ran (Date.now()): answers older than EARLY_READ_MS are not used. */
  at: number;
  /** The page it ran for: once the reader has moved on, the app asks the server itself. */
  path: string;
  answers: Map<string, Promise<EarlyAnswer | null>>;
}

/** How long an early answer stands in for a read (the first screen only, never a later visit). */
export const EARLY_READ_MS = 15_000;

declare global {
  var __earlyReads: EarlyReads | undefined;
}

/** A route pattern's (`/class/:id`) parameters in a path, or null when it does not match. */
export function routeParams(pattern: string, pathname: string): Record<string, string> | null {
  const names: string[] = [];
  const re = pattern.replace(/:(\w+)/g, (_all, name: string) => (names.push(name), '([^/]+)'));
  const m = new RegExp(`^${re}/?$`).exec(pathname);
  return m ? Object.fromEntries(names.map((n, i) => [n, m[i + 1]!])) : null;
}

/** A call's path with the route's parameters put in (they stay as the URL has them, encoded). */
export const fillPath = (path: string, params: Record<string, string>): string =>
  path.replace(/:(\w+)/g, (all, name: string) => params[name] ?? all);

/**
 * The derived values (early-reads.ts) the boot script read today for a sign-in, kept in
 * localStorage: the next visit the same day sends their reads at once, beside the answers they are
 * read from, instead of one round trip after them. Should a value have changed since (a calendar
 * edited), the boot script sends the read again with the new one, and the page takes the answer to
 * its own query only (take.ts).
 */
interface KeptValues {
  userId: string;
  /** The device's calendar day they were read on (`Date.prototype.toDateString`). */
  day: string;
  values: Partial<Record<DerivedName, string>>;
}

/** The values kept for this sign-in today, else none. */
export function keptValues(
  text: string | null,
  userId: string | null,
  day: string,
): Partial<Record<DerivedName, string>> {
  try {
    const kept = JSON.parse(text ?? 'null') as KeptValues | null;
    if (!kept || kept.userId !== userId || kept.day !== day || typeof kept.values !== 'object')
      return {};
    return Object.fromEntries(
      Object.entries(kept.values ?? {}).filter(([, v]) => typeof v === 'string'),
    );
  } catch {
    return {};
  }
}

/** The kept values with one more (of this sign-in, today), as the text to store. */
export function withKeptValue(
  text: string | null,
  userId: string,
  day: string,
  name: DerivedName,
  value: string,
): string {
  const values = { ...keptValues(text, userId, day), [name]: value };
  return JSON.stringify({ userId, day, values } satisfies KeptValues);
}
