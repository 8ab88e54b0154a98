import type { guardian as en } from '../en/guardian.js';

export const guardian: Record<keyof typeof en, string> = {};
