import type { dashboard as en } from '../en/dashboard.js';

export const dashboard: Record<keyof typeof en, string> = {};
