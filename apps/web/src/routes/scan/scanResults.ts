/*
 * The gives /scan shows (issue 35): the latest first, each with what became of it. Pure, so the
 * rules are tested apart from the screen.
 */

type ScanStatus = 'sending' | 'given' | 'waiting' | 'undoing' | 'undone' | 'undoFailed';

export interface ScanResult {
  /** The give's Idempotency-Key: it names the give in the queue too. */
  key: string;
  name: string;
  action: { name: string; points: number };
  status: ScanStatus;
  /** The server's id of the give, once it took it (Undo takes it back by it). */
  giveId?: string;
  /** Why an Undo failed. */
  message?: string;
  /** When the badge was read (ms). */
  at: number;
}

/** How long a give's Undo is offered. */
export const UNDO_MS = 10_000;
/** A badge read again within this time is the same badge still held up: ignored. */
const SAME_BADGE_MS = 3_000;
/** How many gives the screen lists. */
export const RESULTS_SHOWN = 5;

export const addResult = (list: readonly ScanResult[], r: ScanResult): ScanResult[] =>
  [r, ...list.filter((x) => x.key !== r.key)].slice(0, RESULTS_SHOWN);

export const patchResult = (
  list: readonly ScanResult[],
  key: string,
  change: Partial<ScanResult>,
): ScanResult[] => list.map((r) => (r.key === key ? { ...r, ...change } : r));

/** After a sending: a give still "sending" did not reach the server and waits on the device. */
export const sendingToWaiting = (list: readonly ScanResult[], key: string): ScanResult[] =>
  list.map((r) => (r.key === key && r.status === 'sending' ? { ...r, status: 'waiting' } : r));

/** Whether a camera read is the last one again, within SAME_BADGE_MS of it. */
export const sameRead = (last: { text: string; at: number } | null, text: string, at: number) =>
  last !== null && last.text === text && at - last.at < SAME_BADGE_MS;

/** Whether a give may still be undone at `now`: within UNDO_MS, and not already taken back. */
export const mayUndo = (r: ScanResult, now: number) =>
  now - r.at < UNDO_MS &&
  (r.status === 'given' || r.status === 'waiting' || r.status === 'sending');
