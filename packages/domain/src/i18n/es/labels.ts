import type { labels as en } from '../en/labels.js';

export const labels: Record<keyof typeof en, string> = {};
