import type { welcome as en } from '../en/welcome.js';

export const welcome: Record<keyof typeof en, string> = {};
