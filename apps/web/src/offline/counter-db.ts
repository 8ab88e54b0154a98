import { createStore, type UseStore } from 'idb-keyval';

/**
 * The store counter's IndexedDB store (issue 35): its waiting sales and the last students and
 * products it saw. Opened on first use (a page that never reaches the counter opens nothing).
 */
let store: UseStore | null = null;
export const counterStore = (): UseStore =>
  (store ??= createStore('merit-market-counter', 'counter'));
