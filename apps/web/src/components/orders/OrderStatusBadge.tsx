import { Badge } from '@mantine/core';
import type { OrderStatus } from '../../api';
import { useT } from '../../i18n';
import { STATUS_KEYS } from './words';

const COLORS: Record<OrderStatus, string> = {
  PENDING: 'yellow',
  PACKAGED: 'blue',
  REDEEMED: 'teal',
  REFUNDED: 'gray',
  CANCELED: 'red',
};

/**
 * An order's status in words, in its colour (the theme's AA shades). The badge is never narrower
 * than its word: a squeezed table column ("Packag…" at 1366 px) makes the others give way instead.
 */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const t = useT();
  return (
    <Badge variant="light" color={COLORS[status]} tt="none" miw="max-content">
      {t(STATUS_KEYS[status])}
    </Badge>
  );
}
