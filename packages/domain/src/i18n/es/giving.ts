import type { giving as en } from '../en/giving.js';

export const giving: Record<keyof typeof en, string> = {};
