import { pickLanguage } from '@app/domain';
import { readStored as stored, STORAGE_KEYS, writeStored } from '../api/storage';
import type { DerivedName, EarlyCall, EarlyRead } from './early-reads';
import {
  BOOT_PLAN_ID,
  earlyKey,
  fillPath,
  keptValues,
  queryString,
  routeParams,
  withKeptValue,
  type BootPlan,
  type EarlyAnswer,
} from './plan';

/**
 * Runs before the app, while its first chunk still downloads (a phone on 3G: over a second). It
 * starts what the first screen will wait for, so those round trips overlap the download instead
 * of following it: the words' chunk, the session's lookup, and, for the page opened, its part's
 * chunk and its reads (early-reads.ts), those whose query is read from an earlier answer as soon
 * as it comes. The app takes the answers (api/client.ts); the server
 * checks every call as usual. Nothing here may throw: the app works without it.
 */

function readPlan(): BootPlan | null {
  try {
    return JSON.parse(document.getElementById(BOOT_PLAN_ID)?.textContent ?? 'null') as BootPlan;
  } catch {
    return null;
  }
}

function preload(href: string | undefined): void {
  if (!href || document.querySelector(`link[href="${href}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.href = href;
  document.head.appendChild(link);
}

/** The user last seen with this sign-in (loadUser.ts keeps it): their language and roles. */
function keptUser(userId: string | null): { language?: string | null; roles?: string[] } | null {
  try {
    const kept = JSON.parse(stored(STORAGE_KEYS.sessionUser) ?? 'null') as {
      _id?: string;
      language?: string | null;
      roles?: string[];
    } | null;
    return kept && kept._id === userId ? kept : null;
  } catch {
    return null;
  }
}

/** An answer's JSON when it is a success, else null. */
async function bodyOf(answer: Promise<EarlyAnswer | null>): Promise<unknown> {
  const a = await answer;
  if (a?.status !== 200) return null;
  try {
    return JSON.parse(a.text) as unknown;
  } catch {
    return null;
  }
}

type Send = (call: EarlyCall, path?: string, query?: Record<string, string>) => unknown;

/**
 * A page's reads: those whose query is the route's own at once, the others once the answers their
 * values are read from have come (one of the reads sent at once may be such an answer), and at
 * once too when the same sign-in read those values earlier today (plan.ts, keptValues).
 */
function sendPageReads(
  plan: BootPlan,
  reads: EarlyRead[],
  params: Record<string, string>,
  send: Send,
  sentAs: Map<string, Promise<EarlyAnswer | null>>,
  userId: string | null,
): void {
  const param = (name: string) => {
    try {
      return decodeURIComponent(params[name] ?? '');
    } catch {
      return params[name] ?? '';
    }
  };
  const later: [EarlyRead, string, [string, string][]][] = [];
  for (const read of reads) {
    const path = fillPath(read.path, params);
    const query = Object.entries(read.query ?? {});
    if (query.every(([, v]) => v.startsWith(':')))
      send(read, path, Object.fromEntries(query.map(([k, v]) => [k, param(v.slice(1))])));
    else later.push([read, path, query]);
  }
  if (!later.length) return;
  const today = new Date().toDateString();
  const kept = keptValues(stored(STORAGE_KEYS.earlyValues), userId, today);
  const keep = (name: DerivedName, value: string) => {
    if (userId && kept[name] !== value)
      writeStored(
        STORAGE_KEYS.earlyValues,
        withKeptValue(stored(STORAGE_KEYS.earlyValues), userId, today, name, value),
      );
  };
  // The rules they are read by come with the pages that need them, not with every page's boot.
  const derived = import('./derived');
  derived.catch(() => undefined);
  for (const [read, path, query] of later) {
    const keptQuery = query.map(([k, v]) => [
      k,
      v.startsWith(':') ? param(v.slice(1)) : (kept[v.slice(1) as DerivedName] ?? null),
    ]);
    const sentKept = keptQuery.every(([, v]) => v !== null)
      ? queryString(Object.fromEntries(keptQuery))
      : null;
    if (sentKept !== null)
      send(read, path, Object.fromEntries(keptQuery) as Record<string, string>);
    const values = query.map(async ([k, v]): Promise<[string, string | null]> => {
      if (v.startsWith(':')) return [k, param(v.slice(1))];
      const name = v.slice(1) as DerivedName;
      const from = plan.derivedFrom[name];
      const source = from && sentAs.get(earlyKey(from.method, from.path));
      if (!source) return [k, null];
      const [{ DERIVED }, body] = await Promise.all([derived, bodyOf(source)]);
      const value = DERIVED[name](body);
      if (value !== null) keep(name, value);
      return [k, value];
    });
    void Promise.all(values)
      .then((pairs) => {
        const fresh = Object.fromEntries(pairs) as Record<string, string>;
        // Sent already with the kept values, unless one has changed since.
        if (pairs.every(([, v]) => v !== null) && queryString(fresh) !== sentKept)
          send(read, path, fresh);
      })
      .catch(() => undefined);
  }
}

function boot(plan: BootPlan): void {
  const token = stored(STORAGE_KEYS.token);
  // The first screen's words are the browser's language (I18nProvider); a signed-in reader's own
  // follows the session.
  const language = pickLanguage(navigator.languages);
  preload(plan.words[language]?.base);
  if (!token) return;

  const userId = stored(STORAGE_KEYS.userId);
  const kept = keptUser(userId);
  if (kept?.language) preload(plan.words[kept.language]?.base);

  const answers = new Map<string, Promise<EarlyAnswer | null>>();
  globalThis.__earlyReads = { token, at: Date.now(), path: location.pathname, answers };
  // What was sent, by the call as planned (its path's parameters not filled in): the answers
  // derived values are read from.
  const sentAs = new Map<string, Promise<EarlyAnswer | null>>();
  const send = (
    call: EarlyCall,
    path = call.path,
    query?: Record<string, string>,
  ): Promise<EarlyAnswer | null> => {
    const headers: Record<string, string> = {
      'Cache-Control': 'no-cache',
      Pragma: 'no-cache',
      'Accept-Language': language,
      'Content-Type': 'application/json',
      authtoken: token,
    };
    if (userId) headers.from = userId;
    const qs = queryString(query);
    const answer = fetch(qs ? `${path}?${qs}` : path, {
      method: call.method,
      headers,
      body: call.method === 'GET' ? undefined : '{}',
    })
      .then(async (res) => ({ status: res.status, text: await res.text() }))
      .catch(() => null); // the app asks again, and reports the failure its own way
    answers.set(earlyKey(call.method, path, query), answer);
    sentAs.set(earlyKey(call.method, call.path), answer);
    return answer;
  };

  const me = send(plan.session);
  const page = plan.pages
    .map((p) => ({ ...p, params: routeParams(p.path, location.pathname) }))
    .find((p) => p.params !== null);
  const among = (roles: readonly string[] | undefined, allowed: readonly string[]) =>
    Array.isArray(roles) && roles.some((r) => allowed.includes(r));

  let started = false;
  const startPage = () => {
    if (started || !page?.params) return;
    started = true;
    page.chunks.forEach(preload);
    sendPageReads(plan, page.reads, page.params, send, sentAs, userId);
  };

  // The roles kept from the last session start the page's reads beside the session's own lookup;
  // without them, they follow its answer. Reads for a role the session no longer has are refused
  // by the server and never taken by the app, which does not ask them.
  if (page && among(kept?.roles, page.roles)) startPage();
  // Registered before the app can read the session's answer, so its reads find these.
  void me.then((answer) => {
    if (answer?.status !== 200) return;
    let user: { roles?: string[]; language?: string | null };
    try {
      user = JSON.parse(answer.text) as typeof user;
    } catch {
      return;
    }
    if (among(user.roles, plan.staffRoles)) {
      const words = plan.words[user.language ?? language];
      preload(words?.student);
      preload(words?.staff);
    }
    if (page && among(user.roles, page.roles)) startPage();
  });
}

try {
  const plan = readPlan();
  if (plan) boot(plan);
} catch {
  /* the app starts without its head start */
}
