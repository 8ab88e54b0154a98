import type { settings as en } from '../en/settings.js';

export const settings: Record<keyof typeof en, string> = {};
