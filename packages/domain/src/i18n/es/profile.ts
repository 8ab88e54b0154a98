import type { profile as en } from '../en/profile.js';

export const profile: Record<keyof typeof en, string> = {};
