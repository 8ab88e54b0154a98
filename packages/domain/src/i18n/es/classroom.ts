import type { classroom as en } from '../en/classroom.js';

export const classroom: Record<keyof typeof en, string> = {};
