import type { rosters as en } from '../en/rosters.js';

export const rosters: Record<keyof typeof en, string> = {};
