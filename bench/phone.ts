import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';

/** A mid-range phone (issue 35): a 412×915 touch screen, its CPU 4× slower than this machine's. */
export const PHONE = { width: 412, height: 915 };
export const CPU_SLOWDOWN = 4;
/** DevTools' "Fast 3G": 562.5 ms latency, 1.44 Mbit/s down, 675 kbit/s up. */
const FAST_3G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.6 * 1000 * 1000 * 0.9) / 8,
  uploadThroughput: (750 * 1000 * 0.9) / 8,
};

/**
 * A page under the phone profile: 4× CPU and Fast 3G (or no network at all), set before it loads
 * anything. (The profile's network conditions replace the context's own offline switch.)
 */
export async function phonePage(context: BrowserContext, { offline = false } = {}): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { ...FAST_3G, offline });
  return page;
}

export interface Session {
  token: string;
  user: { _id: string; firstName: string };
}

/** A demo user's session, by the password sign-in (every demo user's password is demo1234). */
export async function signIn(baseURL: string, username: string): Promise<Session> {
  const res = await fetch(`${baseURL}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'demo1234' }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${username} failed: ${res.status}`);
  return (await res.json()) as Session;
}

/**
 * A new browser context as the phone: its screen, touch, the app's service worker allowed, and,
 * given a session, signed in as the app keeps it after its sign-in form (SessionProvider's
 * signIn: the token, the user's id and the sign-in's user in localStorage).
 */
export function phoneContext(
  browser: Browser,
  baseURL: string,
  session?: Session,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    serviceWorkers: 'allow',
    storageState: session
      ? {
          cookies: [],
          origins: [
            {
              origin: baseURL,
              localStorage: [
                { name: 'authtoken', value: session.token },
                { name: 'userId', value: session.user._id },
                { name: 'sessionUser', value: JSON.stringify(session.user) },
              ],
            },
          ],
        }
      : undefined,
    ...options,
  });
}
