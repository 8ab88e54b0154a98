import { createStore, type UseStore } from 'idb-keyval';

/**
 * The IndexedDB store of gives made by badge (issue 35): the gives waiting to be sent and the badge
 * codes last seen. Opened on first use: a page that never gives opens nothing.
 */
let store: UseStore | null = null;
export const givesStore = (): UseStore => (store ??= createStore('merit-market-gives', 'gives'));
