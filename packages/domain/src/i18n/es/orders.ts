import type { orders as en } from '../en/orders.js';

export const orders: Record<keyof typeof en, string> = {};
