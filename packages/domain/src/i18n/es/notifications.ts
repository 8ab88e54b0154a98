import type { notifications as en } from '../en/notifications.js';

export const notifications: Record<keyof typeof en, string> = {};
