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
): { listen: Listen; close: () => Promise<void> } {
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

  const close = async () => {
    closed = true;
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };

  return { listen, close };
}
