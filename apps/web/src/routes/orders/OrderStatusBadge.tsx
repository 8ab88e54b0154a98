import { Badge } from '@mantine/core';
import type { OrderStatus } from '../../api';

const COLORS: Record<OrderStatus, string> = {
  PENDING: 'yellow',
  PACKAGED: 'blue',
  REDEEMED: 'teal',
  REFUNDED: 'gray',
  CANCELED: 'red',
};

export const STATUS_LABELS: Record<OrderStatus, string> = {
  PENDING: 'Pending',
  PACKAGED: 'Packaged',
  REDEEMED: 'Redeemed',
  REFUNDED: 'Refunded',
  CANCELED: 'Canceled',
};

/** An order's status in words, in its colour (the theme's AA shades). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge variant="light" color={COLORS[status]} tt="none">
      {STATUS_LABELS[status]}
    </Badge>
  );
}
