import { MSG } from '@app/domain';
import type { Db } from '../db/client.js';
import { HttpError } from './errors.js';
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

/** What one checked attempt found: whether the name exists, and the account when the secret was right. */
export interface Attempt<T> {
  known: boolean;
  account: T | null;
}

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
 * A refused attempt is 429 and counts nowhere; a wrong secret or unknown name is 401.
 */
export async function limitedSignIn<T>(
  db: Db,
  name: string,
  address: string,
  check: () => Promise<Attempt<T>>,
): Promise<T> {
  const addressLimit: Limit = {
    key: `login:address:${address}`,
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

  await refuseIfFull(db, addressLimit);
  const held = await hit(db, [own, everywhere]);
  const { known, account } = await check();
  if (!account) {
    // Counted twice: on the address, and as this name's share of it, which a later success takes back.
    if (known) await count(db, [addressLimit.key, share], windowSeconds);
    throw new HttpError(401, MSG.invalidLogin);
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
  return account;
}
