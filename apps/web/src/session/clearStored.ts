import { STORAGE_KEYS, writeStored } from '../api';
import { forgetOfflineCopies } from '../offline/forget';

/** Everything that belongs to the signed-in person and must not outlive the session. */
export function clearSessionStorage(): void {
  for (const key of [
    STORAGE_KEYS.token,
    STORAGE_KEYS.userId,
    STORAGE_KEYS.surveyShown,
    STORAGE_KEYS.studentOrders,
    STORAGE_KEYS.dashboardData,
    STORAGE_KEYS.sessionUser,
    STORAGE_KEYS.earlyValues,
  ]) {
    writeStored(key, null);
  }
  // The service worker's copies of the API's reads (issue 35: API_CACHE in apps/web/vite.config.ts).
  globalThis.caches?.delete('api-reads').catch(() => undefined);
  forgetOfflineCopies().catch(() => undefined);
}
