import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../db/client.js';
import { signInDevices } from '../db/schema.js';
import { isUuid } from './ids.js';
import { hashToken, newToken } from './tokens.js';

/*
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies";
 * docs/decisions/126-device-cookies.md). A browser that has signed in as a person holds a random
 * token for them in one cookie; the database keeps its hash and the sign-in name it vouches for.
 * A sign-in from such a browser is checked even while its address is refused: one person at a
 * school's shared address cannot lock out everyone else there. The per-name limits still apply.
 */

const DEVICE_COOKIE = 'mm_device';
/** Sent to the sign-in calls only: /auth/login, /auth/login/school and the others under it. */
const DEVICE_COOKIE_PATH = '/api/v1/auth/login';
/** A year: a school year and its summer. */
const DEVICE_DAYS = 365;
/** Browsers remembered for one person's name (their phone, a laptop, the school's computers…). */
const KEPT_PER_NAME = 20;
/** People a browser is remembered for (a home computer, a classroom's shared laptop). */
const MAX_ENTRIES = 8;

export interface DeviceEntry {
  schoolId: string;
  token: string;
}

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/** The entries of the cookie's value: `<schoolId>.<token>` joined by `~`, newest first; bad ones left out. */
function deviceEntries(value: string | undefined): DeviceEntry[] {
  if (!value || value.length > 2000) return [];
  const out: DeviceEntry[] = [];
  for (const part of value.split('~').slice(0, MAX_ENTRIES)) {
    const [schoolId, token] = part.split('.');
    if (schoolId && token && isUuid(schoolId) && TOKEN.test(token)) out.push({ schoolId, token });
  }
  return out;
}

/** The browser a request comes from, by its Cookie header. */
export function deviceOf(cookieHeader: string | undefined): SignInDevice {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === DEVICE_COOKIE) return new SignInDevice(deviceEntries(v.join('=')));
  }
  return new SignInDevice([]);
}

/** The browser a sign-in comes from: its entries, and the one a successful sign-in issues it. */
export class SignInDevice {
  issued: DeviceEntry | null = null;
  constructor(readonly entries: DeviceEntry[]) {}

  /** The cookie to set after a sign-in that issued an entry (null when none was issued). */
  cookie(secure: boolean): string | null {
    if (!this.issued) return null;
    const all = [this.issued, ...this.entries].slice(0, MAX_ENTRIES);
    const value = all.map((e) => `${e.schoolId}.${e.token}`).join('~');
    return `${DEVICE_COOKIE}=${value}; Path=${DEVICE_COOKIE_PATH}; Max-Age=${DEVICE_DAYS * 86_400}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
  }
}

/** Whether one of the browser's entries vouches for `name`. */
export async function deviceTrusted(
  db: Queryable,
  entries: readonly DeviceEntry[],
  name: string,
): Promise<boolean> {
  const bySchool = new Map<string, string[]>();
  for (const e of entries)
    bySchool.set(e.schoolId, [...(bySchool.get(e.schoolId) ?? []), hashToken(e.token)]);
  for (const [schoolId, hashes] of bySchool) {
    const [row] = await db
      .select({ one: sql`1` })
      .from(signInDevices)
      .where(
        and(
          eq(signInDevices.schoolId, schoolId),
          inArray(signInDevices.tokenHash, hashes),
          eq(signInDevices.name, name),
          sql`${signInDevices.createdAt} > now() - make_interval(days => ${DEVICE_DAYS})`,
        ),
      )
      .limit(1);
    if (row) return true;
  }
  return false;
}

/** Remembers the browser for `name`, who signed in as `who`: a new entry for its cookie. */
export async function trustDevice(
  db: Db,
  who: { schoolId: string; userId: string },
  name: string,
): Promise<DeviceEntry> {
  const token = newToken();
  await db.insert(signInDevices).values({
    schoolId: who.schoolId,
    tokenHash: hashToken(token),
    userId: who.userId,
    name,
  });
  // A client that keeps no cookies gets an entry at every sign-in: only the latest few are kept.
  await db.execute(sql`delete from ${signInDevices} d
    where d.school_id = ${who.schoolId} and d.user_id = ${who.userId} and d.name = ${name}
      and d.token_hash not in (
        select k.token_hash from ${signInDevices} k
        where k.school_id = ${who.schoolId} and k.user_id = ${who.userId} and k.name = ${name}
        order by k.created_at desc limit ${KEPT_PER_NAME})`);
  return { schoolId: who.schoolId, token };
}

/** Housekeeping: entries older than a year vouch for nothing. */
export async function purgeDevices(db: Queryable): Promise<void> {
  await db
    .delete(signInDevices)
    .where(sql`${signInDevices.createdAt} < now() - make_interval(days => ${DEVICE_DAYS})`);
}
