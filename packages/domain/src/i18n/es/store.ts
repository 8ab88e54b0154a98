import type { store as en } from '../en/store.js';

export const store: Record<keyof typeof en, string> = {};
