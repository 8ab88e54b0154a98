import { fullName } from '@app/domain';
import type { Order } from '../../api';
import { storeTitle } from '../../store/catalogue';

const HEADER = [
  'Order',
  'Placed',
  'Student',
  'Student ID',
  'Grade',
  'Store',
  'Status',
  'Estimated delivery',
  'Delivery location',
  'Item',
  'Quantity',
  'Price',
  'Line total',
  'Order total',
];

/**
 * One CSV field: quoted when it holds a comma, quote or line break; a text starting with = + - @
 * (or a tab or carriage return) gets a leading apostrophe so a spreadsheet shows it rather than
 * running it as a formula.
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The orders as CSV, one row per item (the order's own fields repeated), CRLF line ends as RFC 4180 says. */
export function ordersCsv(orders: readonly Order[]): string {
  const rows: (string | number | null)[][] = [HEADER];
  for (const o of orders)
    for (const i of o.orderItems)
      rows.push([
        o._id,
        o.createdAt,
        fullName(o.student),
        o.student.externalId,
        o.student.gradeLevel,
        storeTitle(o),
        o.status,
        o.estimatedDelivery,
        o.deliveryLocation,
        i.name,
        i.quantity,
        i.price,
        i.price * i.quantity,
        o.total,
      ]);
  return `${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;
}
