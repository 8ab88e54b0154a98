import { STORAGE_KEYS, writeStored } from '../api';

/** Everything that belongs to the signed-in person and must not outlive the session. */
export function clearSessionStorage(): void {
  for (const key of [
    STORAGE_KEYS.token,
    STORAGE_KEYS.userId,
    STORAGE_KEYS.surveyShown,
    STORAGE_KEYS.studentOrders,
    STORAGE_KEYS.dashboardData,
  ]) {
    writeStored(key, null);
  }
}
