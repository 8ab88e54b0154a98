import type { mail as en } from '../en/mail.js';

export const mail: Record<keyof typeof en, string> = {};
