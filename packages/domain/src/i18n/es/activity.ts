import type { activity as en } from '../en/activity.js';

export const activity: Record<keyof typeof en, string> = {};
