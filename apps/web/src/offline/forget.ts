import { delMany, keys } from 'idb-keyval';
import { counterStore } from './counter-db';
import { givesStore } from './gives-db';

/**
 * At sign-out, the copies of students a shared phone or counter kept for offline use go: the
 * giver's badge directory and the counter's last students and products. Waiting gives and sales
 * stay, to be sent at the next sign-in (each carries its Idempotency-Key).
 */
export async function forgetOfflineCopies(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  const badgeKeys = (await keys(givesStore())).filter(
    (k) => typeof k === 'string' && k.startsWith('badges:'),
  );
  await delMany(badgeKeys, givesStore());
  await delMany(['students', 'products'], counterStore());
}
