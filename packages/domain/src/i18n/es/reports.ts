import type { reports as en } from '../en/reports.js';

export const reports: Record<keyof typeof en, string> = {};
