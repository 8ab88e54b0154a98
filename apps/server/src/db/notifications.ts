import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { causeSummary } from '../lib/errors.js';

/**
 * What a subscriber hears: a payload; or `null` when notifications may have been missed, with
 * `listening` false when the connection was just lost (until a `null` with `listening` true, once
 * it is back, nothing is heard) and true when it is back.
 */
type OnNotify = (payload: string | null, listening?: boolean) => void;
/** Stops a subscription. */
export type Unsubscribe = () => Promise<void>;
export type Listen = (channel: string, onNotify: OnNotify) => Promise<Unsubscribe>;
/**
 * Resolves once every notification committed before the call has reached this process's
 * subscribers; rejects when that cannot be known (the connection is lost, or it takes too long).
 */
export type ChangesHeard = () => Promise<void>;

/** PGlite delivers a commit's notifications before the committing call returns: heard already. */
export const pgliteChangesHeard: ChangesHeard = () => Promise.resolve();

/** How long `changesHeard` waits for its marker before giving up (the caller does without). */
const HEARD_TIMEOUT_MS = 2_000;

/** PGlite runs in this process: its own LISTEN reaches every handle on it. */
export function pgliteListen(client: PGlite): Listen {
  return async (channel, onNotify) => {
    const stop = await client.listen(channel, (payload) => onNotify(payload));
    return () => stop();
  };
}

const RETRY_MS = [100, 500, 2_000, 5_000];

/** Where the LISTEN connection says what failed (the driver's error, never the connection string). */
export interface ListenLog {
  warn(obj: object, msg: string): void;
}

/**
 * PostgreSQL: one connection outside the pool that LISTENs on every channel a subscriber asked for
 * and fans each notification out. A lost connection is reopened (with back-off); subscribers hear
 * `null` when it is lost and again when it is back, since whatever was sent meanwhile is gone.
 */
export function postgresListen(
  connectionString: string,
  log?: ListenLog,
): { listen: Listen; changesHeard: ChangesHeard; close: () => Promise<void> } {
  const subscribers = new Map<string, Set<OnNotify>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  let failures = 0;

  const connect = (): Promise<pg.Client> =>
    (connecting ??= (async () => {
      const c = new pg.Client({ connectionString });
      c.on('notification', (n) => subscribers.get(n.channel)?.forEach((fn) => fn(n.payload ?? '')));
      c.on('error', (err) => lost(c, err));
      c.on('end', () => lost(c));
      await c.connect();
      // The markers of changesHeard need no durability: their commit waits for no WAL flush.
      await c.query('set synchronous_commit = off');
      for (const channel of subscribers.keys())
        await c.query(`listen ${pg.escapeIdentifier(channel)}`);
      client = c;
      failures = 0;
      return c;
    })().finally(() => (connecting = null)));

  const lost = (c: pg.Client, err?: unknown) => {
    if (client !== c) return;
    client = null;
    if (!closed)
      log?.warn(
        { cause: causeSummary(err ?? 'connection ended') },
        'the LISTEN connection was lost; reconnecting (missed notifications are treated as changes)',
      );
    c.removeAllListeners('end');
    void c.end().catch(() => {});
    if (closed) return;
    // At once, not at the reconnection: what subscribers keep may go stale from now on.
    for (const set of subscribers.values()) set.forEach((fn) => fn(null, false));
    void reconnect();
  };

  const reconnect = async (): Promise<void> => {
    while (!closed && !client) {
      await new Promise((r) =>
        setTimeout(r, RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]).unref(),
      );
      if (closed) return;
      try {
        await connect();
        for (const set of subscribers.values()) set.forEach((fn) => fn(null, true));
      } catch (err) {
        log?.warn(
          { cause: causeSummary(err), attempt: failures },
          'the LISTEN connection could not be reopened; trying again',
        );
      }
    }
  };

  const listen: Listen = async (channel, onNotify) => {
    let set = subscribers.get(channel);
    const first = !set;
    if (!set) subscribers.set(channel, (set = new Set()));
    set.add(onNotify);
    const c = client ?? (await connect());
    if (first) await c.query(`listen ${pg.escapeIdentifier(channel)}`);
    return async () => {
      set.delete(onNotify);
      if (set.size || subscribers.get(channel) !== set) return;
      subscribers.delete(channel);
      await client?.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => {});
    };
  };

  const changesHeard = changesHeardThrough(subscribers, () => client);

  const close = async () => {
    closed = true;
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };

  return { listen, changesHeard, close };
}

/**
 * changesHeard: PostgreSQL delivers notifications to a listener in commit order, whatever their
 * channel. A marker NOTIFY sent now on a channel only this process listens to comes back after
 * every notification committed before it. Callers wait for the first marker sent after they
 * asked; one marker serves every caller that asked before it was sent, and the next is sent as
 * soon as the last one's statement is done (its notification follows the statement's answer).
 */
function changesHeardThrough(
  subscribers: Map<string, Set<OnNotify>>,
  current: () => pg.Client | null,
): ChangesHeard {
  const markerChannel = `heard_${randomBytes(8).toString('hex')}`;
  type Waiter = { resolve: () => void; reject: (err: Error) => void };
  let marker = 0;
  /** Markers sent whose notification has not come back, oldest first. */
  let sent: { marker: number; waiters: Waiter[] }[] = [];
  let sending = false;
  let queued: Waiter[] = [];
  const settle = (waiters: Waiter[], err?: Error) =>
    waiters.forEach((w) => (err ? w.reject(err) : w.resolve()));
  const failAll = (err: Error) => {
    const waiting = [...sent.flatMap((m) => m.waiters), ...queued];
    sent = [];
    queued = [];
    settle(waiting, err);
  };
  const sendMarker = () => {
    if (sending || !queued.length) return;
    const c = current();
    if (!c) return failAll(new Error('not listening'));
    const m = { marker: ++marker, waiters: queued };
    queued = [];
    sent.push(m);
    sending = true;
    // One simple-protocol message (the channel is hex, the marker a number: nothing to quote).
    c.query(`notify ${markerChannel}, '${m.marker}'`).then(
      () => {
        sending = false;
        sendMarker();
      },
      (err) => {
        sending = false;
        failAll(err);
      },
    );
  };
  subscribers.set(
    markerChannel,
    new Set<OnNotify>([
      (payload) => {
        if (payload === null) return failAll(new Error('the LISTEN connection was lost'));
        // This marker and every one sent before it have come back.
        const back = Number(payload);
        while (sent.length && sent[0]!.marker <= back) settle(sent.shift()!.waiters);
      },
    ]),
  );
  return () =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no marker came back')), HEARD_TIMEOUT_MS);
      timer.unref();
      queued.push({
        resolve: () => (clearTimeout(timer), resolve()),
        reject: (err) => (clearTimeout(timer), reject(err)),
      });
      sendMarker();
    });
}
