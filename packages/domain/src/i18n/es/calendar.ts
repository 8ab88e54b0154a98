import type { calendar as en } from '../en/calendar.js';

export const calendar: Record<keyof typeof en, string> = {};
