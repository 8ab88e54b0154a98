import type { layout as en } from '../en/layout.js';

export const layout: Record<keyof typeof en, string> = {};
