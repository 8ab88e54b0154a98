import type { ReactNode } from 'react';
import { Checkbox, Stack, Table, Text } from '@mantine/core';
import { fullName, gradeLabel } from '@app/domain';
import type { Order } from '../../api';
import { shortDate } from '../../components/ActivityTable';
import { formatPoints } from '../../components/points';
import { TableScroll } from '../../components/ScrollRegion';
import { storeTitle } from '../../components/catalogue';
import { OrderStatusBadge } from './OrderStatusBadge';

export const placedOn = (o: Pick<Order, 'createdAt'>) =>
  new Date(o.createdAt).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/** A selected row is marked by a bar at its start (a tint would take the grey text under AA contrast). */
const SELECTED_ROW = { boxShadow: 'inset 4px 0 0 var(--mantine-color-grape-filled)' };

interface Props {
  orders: Order[];
  caption: string;
  /** Row selection (the fulfilment queue); no checkboxes without it. */
  selected?: ReadonlySet<string>;
  onSelect?: (ids: Set<string>) => void;
  showStore?: boolean;
  actions?: (o: Order) => ReactNode;
}

/** Orders as rows: student, items, total, status, delivery, when placed, and the row's actions. */
export function OrdersTable({ orders, caption, selected, onSelect, showStore, actions }: Props) {
  const all = orders.length > 0 && orders.every((o) => selected?.has(o._id));
  const some = orders.some((o) => selected?.has(o._id));
  const toggle = (id: string) => {
    if (!selected || !onSelect) return;
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelect(next);
  };
  return (
    <TableScroll label={caption} minWidth={onSelect ? 960 : 880}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {onSelect ? (
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Select all shown orders"
                  checked={all}
                  indeterminate={some && !all}
                  onChange={() => onSelect(all ? new Set() : new Set(orders.map((o) => o._id)))}
                />
              </Table.Th>
            ) : null}
            <Table.Th>Student</Table.Th>
            <Table.Th>Items</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Delivery</Table.Th>
            <Table.Th>Placed</Table.Th>
            {actions ? <Table.Th>Actions</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((o) => (
            <Table.Tr key={o._id} style={selected?.has(o._id) ? SELECTED_ROW : undefined}>
              {onSelect ? (
                <Table.Td>
                  <Checkbox
                    aria-label={`Select ${fullName(o.student)}'s order placed ${placedOn(o)}`}
                    checked={selected?.has(o._id) ?? false}
                    onChange={() => toggle(o._id)}
                  />
                </Table.Td>
              ) : null}
              <Table.Td>
                <Text fz="sm" fw={600}>
                  {o.student.lastName}, {o.student.firstName}
                </Text>
                <Text fz="xs" c="dimmed">
                  {o.student.gradeLevel ? gradeLabel(o.student.gradeLevel) : 'No grade'}
                  {showStore ? ` · ${storeTitle(o)}` : ''}
                </Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  {o.orderItems.map((i) => (
                    <Text key={i.productId} fz="sm">
                      {i.quantity} × {i.name}
                    </Text>
                  ))}
                </Stack>
              </Table.Td>
              <Table.Td ta="right">{formatPoints(o.total)}</Table.Td>
              <Table.Td>
                <OrderStatusBadge status={o.status} />
              </Table.Td>
              <Table.Td>
                <Text fz="sm">
                  {o.estimatedDelivery ? shortDate(o.estimatedDelivery) : 'Not set'}
                </Text>
                {o.deliveryLocation ? (
                  <Text fz="xs" c="dimmed">
                    {o.deliveryLocation}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                  {placedOn(o)}
                </Text>
              </Table.Td>
              {actions ? <Table.Td>{actions(o)}</Table.Td> : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
