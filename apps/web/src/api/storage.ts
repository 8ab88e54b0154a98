/** localStorage keys shared by the API client and the session. */
export const STORAGE_KEYS = {
  token: 'authtoken',
  userId: 'userId',
  surveyShown: 'surveyShown',
  studentOrders: 'studentOrders',
  dashboardData: 'dashboardData',
  release: 'release',
  lastReleaseCheck: 'lastReleaseCheck',
  /** The session user last seen online: the app opens with no network (issue 35). */
  sessionUser: 'sessionUser',
  /** The boot script's derived query values of today (boot/plan.ts, keptValues). */
  earlyValues: 'earlyValues',
} as const;

// Storage can throw (private mode, blocked cookies); treat that as "nothing stored".
export function readStored(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    /* storage unavailable: the value lives only for this page */
  }
}
