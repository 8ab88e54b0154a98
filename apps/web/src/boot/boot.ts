import { pickLanguage } from '@app/domain';
import { STORAGE_KEYS } from '../api/storage';
import type { EarlyCall } from './early-reads';
import {
  BOOT_PLAN_ID,
  earlyKey,
  fillPath,
  routeParams,
  type BootPlan,
  type EarlyAnswer,
} from './plan';

/**
 * Runs before the app, while its first chunk still downloads (a phone on 3G: over a second). It
 * starts what the first screen will wait for, so those round trips overlap the download instead
 * of following it: the words' chunk, the session's lookup, and, for the page opened, its part's
 * chunk and its reads (early-reads.ts). The app takes the answers (api/client.ts); the server
 * checks every call as usual. Nothing here may throw: the app works without it.
 */

function readPlan(): BootPlan | null {
  try {
    return JSON.parse(document.getElementById(BOOT_PLAN_ID)?.textContent ?? 'null') as BootPlan;
  } catch {
    return null;
  }
}

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
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
function keptUser(): { language?: string | null; roles?: string[] } | null {
  try {
    return JSON.parse(stored(STORAGE_KEYS.sessionUser) ?? 'null') as {
      language?: string | null;
      roles?: string[];
    } | null;
  } catch {
    return null;
  }
}

function boot(plan: BootPlan): void {
  const token = stored(STORAGE_KEYS.token);
  // The first screen's words are the browser's language (I18nProvider); a signed-in reader's own
  // follows the session.
  const language = pickLanguage(navigator.languages);
  preload(plan.words[language]?.base);
  if (!token) return;

  const kept = keptUser();
  if (kept?.language) preload(plan.words[kept.language]?.base);

  const userId = stored(STORAGE_KEYS.userId);
  const answers = new Map<string, Promise<EarlyAnswer | null>>();
  globalThis.__earlyReads = { token, at: Date.now(), path: location.pathname, answers };
  const send = (call: EarlyCall): Promise<EarlyAnswer | null> => {
    const headers: Record<string, string> = {
      'Cache-Control': 'no-cache',
      Pragma: 'no-cache',
      'Accept-Language': language,
      'Content-Type': 'application/json',
      authtoken: token,
    };
    if (userId) headers.from = userId;
    const answer = fetch(call.path, {
      method: call.method,
      headers,
      body: call.method === 'GET' ? undefined : '{}',
    })
      .then(async (res) => ({ status: res.status, text: await res.text() }))
      .catch(() => null); // the app asks again, and reports the failure its own way
    answers.set(earlyKey(call.method, call.path), answer);
    return answer;
  };

  const me = send(plan.session);
  const page = plan.pages
    .map((p) => ({ ...p, params: routeParams(p.path, location.pathname) }))
    .find((p) => p.params !== null);
  const among = (roles: readonly string[] | undefined, allowed: readonly string[]) =>
    Array.isArray(roles) && roles.some((r) => allowed.includes(r));
  if (page && among(kept?.roles, page.roles)) page.chunks.forEach(preload);
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
    if (!page?.params || !among(user.roles, page.roles)) return;
    page.chunks.forEach(preload);
    const params = page.params;
    page.reads.forEach((call) => void send({ ...call, path: fillPath(call.path, params) }));
  });
}

try {
  const plan = readPlan();
  if (plan) boot(plan);
} catch {
  /* the app starts without its head start */
}
