import type { district as en } from '../en/district.js';

export const district: Record<keyof typeof en, string> = {};
