import { msg } from '@app/domain';
import type { Db } from '../db/client.js';
import { HttpError } from './errors.js';
import { deviceTrusted, trustDevice, type SignInDevice } from './sign-in-devices.js';
import {
  clear,
  clearCurrent,
  count,
  giveBack,
  giveBackCurrent,
  hit,
  refuseIfFull,
  type Limit,
} from './rate-limit.js';

const LOGIN_WINDOW_MINUTES = 15;
/** Failed sign-ins for one name from one address. */
export const MAX_FAILURES_PER_USER_ADDRESS = 5;
/** Failed sign-ins for one name from all addresses together (a distributed guess). */
const MAX_FAILURES_PER_USER = 50;
/**
 * Failed sign-ins of existing accounts from one address, whatever the names (a spray). A school's
 * students share one public address, so this counts failures only: made-up names and correct
 * sign-ins never bring the school's address nearer to it.
 */
export const MAX_FAILURES_PER_ADDRESS = 100;

const windowSeconds = LOGIN_WINDOW_MINUTES * 60;

/**
 * What one checked attempt found: whether the name exists (and its school, to tell that school's
 * admins which addresses are refused), and the account when the secret was right.
 */
export interface Attempt<T> {
  known: boolean;
  schoolId?: string;
  account: T | null;
}

/** The failures from `address` against the names of one school (GET settings/sign-in-limits). */
export const schoolAddressKey = (schoolId: string, address: string) =>
  `login:school-address:${schoolId} ${address}`;
export const addressKey = (address: string) => `login:address:${address}`;
export { MAX_FAILURES_PER_ADDRESS as ADDRESS_LIMIT, windowSeconds as SIGN_IN_WINDOW_SECONDS };

/**
 * Runs one sign-in attempt under the guessing limits (docs/decisions/064-shared-address-sign-in-limits.md).
 *
 * - Per name (from this address: 5; from all: 50): counted before the secret is checked, so
 *   parallel guesses at one account cannot slip past (30 at once: at most 5 checked). A success
 *   forgives this name's failures from this address, and its own count.
 * - Per address: only failures against names that exist are counted, after the check; an address
 *   that already has 100 is refused before anything is checked, whatever the name (so a refusal
 *   does not tell which names exist). A spray over many real names is capped at 100 checks per
 *   window, plus those already in flight when the 100th failure lands. A success takes back the
 *   failures its name added to the address, so a school's typos followed by sign-ins do not add up
 *   (a name's share counted in an earlier window may come off the current one: a few at most).
 *
 * A browser that has signed in as `name` before (`device`, docs/decisions/126-device-cookies.md)
 * is not refused for its address: only the per-name limits hold it. A success from a browser not
 * yet trusted for the name issues it an entry for its cookie.
 *
 * A refused attempt is 429 and counts nowhere; a wrong secret or unknown name is 401.
 */
export async function limitedSignIn<T extends { schoolId: string; userId: string }>(
  db: Db,
  name: string,
  address: string,
  check: () => Promise<Attempt<T>>,
  device?: SignInDevice,
): Promise<T> {
  const addressLimit: Limit = {
    key: addressKey(address),
    max: MAX_FAILURES_PER_ADDRESS,
    windowSeconds,
  };
  const own: Limit = {
    key: `login:user-address:${name} ${address}`,
    max: MAX_FAILURES_PER_USER_ADDRESS,
    windowSeconds,
  };
  const everywhere: Limit = {
    key: `login:user:${name}`,
    max: MAX_FAILURES_PER_USER,
    windowSeconds,
  };
  const share = `login:address-share:${name} ${address}`;

  const trusted = device?.entries.length ? await deviceTrusted(db, device.entries, name) : false;
  if (!trusted) await refuseIfFull(db, addressLimit);
  const held = await hit(db, [own, everywhere]);
  const { known, schoolId, account } = await check();
  if (!account) {
    // Counted twice: on the address, and as this name's share of it, which a later success takes
    // back; and for the name's school, whose admins see the addresses refused.
    if (known)
      await count(
        db,
        [addressLimit.key, share, ...(schoolId ? [schoolAddressKey(schoolId, address)] : [])],
        windowSeconds,
      );
    throw new HttpError(401, msg('msg.invalidLogin'));
  }

  // The failures forgiven are those of this window of (name, address), this attempt included; a
  // wider window that began after it holds only some of them, so it gets back this attempt only.
  const mine = held.find((h) => h.key === own.key)!;
  const forgiven = await clear(db, mine);
  for (const h of held)
    if (h !== mine)
      await giveBack(db, h, h.windowStart <= mine.windowStart ? forgiven : Math.min(forgiven, 1));
  await giveBackCurrent(
    db,
    addressLimit.key,
    windowSeconds,
    await clearCurrent(db, share, windowSeconds),
  );
  if (device && !trusted) device.issued = await trustDevice(db, account, name);
  return account;
}
