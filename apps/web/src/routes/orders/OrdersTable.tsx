import type { ReactNode } from 'react';
import { Checkbox, Stack, Table, Text } from '@mantine/core';
import { fullName } from '@app/domain';
import type { Order } from '../../api';
import { TableScroll } from '../../components/ScrollRegion';
import { useFormat, useT } from '../../i18n';
import { storeName } from '../../components/storeName';
import { OrderStatusBadge } from '../../components/orders/OrderStatusBadge';
import { gradeName, usePlacedOn } from '../../components/orders/words';

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
  const t = useT();
  const f = useFormat();
  const placedOn = usePlacedOn();
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
                  aria-label={t('orders.selectAll')}
                  checked={all}
                  indeterminate={some && !all}
                  onChange={() => onSelect(all ? new Set() : new Set(orders.map((o) => o._id)))}
                />
              </Table.Th>
            ) : null}
            <Table.Th>{t('orders.student')}</Table.Th>
            <Table.Th>{t('orders.items')}</Table.Th>
            <Table.Th ta="right">{t('orders.total')}</Table.Th>
            <Table.Th>{t('orders.status')}</Table.Th>
            <Table.Th>{t('orders.delivery')}</Table.Th>
            <Table.Th>{t('orders.placed')}</Table.Th>
            {actions ? <Table.Th>{t('orders.actions')}</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((o) => (
            <Table.Tr key={o._id} style={selected?.has(o._id) ? SELECTED_ROW : undefined}>
              {onSelect ? (
                <Table.Td>
                  <Checkbox
                    aria-label={t('orders.selectOne', {
                      name: fullName(o.student),
                      date: placedOn(o),
                    })}
                    checked={selected?.has(o._id) ?? false}
                    onChange={() => toggle(o._id)}
                  />
                </Table.Td>
              ) : null}
              <StudentCell order={o} showStore={showStore} />
              <Table.Td>
                <Stack gap={0}>
                  {o.orderItems.map((i) => (
                    <Text key={i.productId} fz="sm">
                      {t('orders.itemLine', { quantity: i.quantity, name: i.name })}
                    </Text>
                  ))}
                </Stack>
              </Table.Td>
              <Table.Td ta="right">{f.number(o.total)}</Table.Td>
              <Table.Td>
                <OrderStatusBadge status={o.status} />
              </Table.Td>
              <Table.Td>
                <Text fz="sm">
                  {o.estimatedDelivery ? f.mediumDate(o.estimatedDelivery) : t('orders.notSet')}
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

/** Who ordered: "Last, First", and their grade (and the store, when the table shows several). */
function StudentCell({ order: o, showStore }: { order: Order; showStore?: boolean }) {
  const t = useT();
  const grade = o.student.gradeLevel ? gradeName(t, o.student.gradeLevel) : t('orders.noGrade');
  return (
    <Table.Td>
      <Text fz="sm" fw={600}>
        {t('orders.sortName', {
          lastName: o.student.lastName,
          firstName: o.student.firstName,
        })}
      </Text>
      <Text fz="xs" c="dimmed">
        {showStore ? t('orders.gradeAndStore', { grade, store: storeName(t, o) }) : grade}
      </Text>
    </Table.Td>
  );
}
