import { useState } from 'react';
import { Card, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ORDER_STATUSES, type OrderStatusFilter } from '@app/domain';
import { orders, queryKeys, unwrap } from '../../api';
import { Page } from '../../components/Page';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { STATUS_LABELS } from './OrderStatusBadge';
import { StaffOrderActions } from './OrderActions';
import { OrdersTable } from './OrdersTable';

const FILTERS = [
  { value: 'ACTIVE', label: 'All but canceled' },
  { value: 'ALL', label: 'All statuses' },
  ...ORDER_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
];

/** A teacher's Orders: the orders of their own store, to package, redeem, cancel or refund. */
export function StoreOrders() {
  const [status, setStatus] = useState<OrderStatusFilter>('ACTIVE');
  const filters = { status };
  const list = useQuery({
    queryKey: queryKeys.orders.ofStore(filters),
    queryFn: () => unwrap(orders.ofStore(filters)),
    refetchInterval: 15_000,
    placeholderData: (p) => p,
  });
  return (
    <Page>
      <PageHeader title="Orders" description="What your students bought from your store." />
      <Card p="lg">
        <Stack gap="md">
          <Select
            label="Status"
            data={FILTERS}
            value={status}
            onChange={(v) => setStatus((v as OrderStatusFilter) ?? 'ACTIVE')}
            allowDeselect={false}
            w={220}
          />
          <QueryState query={list} loading="Loading orders" size="section">
            {(items) =>
              items.length === 0 ? (
                <Text c="dimmed" ta="center" py="lg">
                  No orders {status === 'ALL' || status === 'ACTIVE' ? 'yet' : 'with this status'}.
                  Students buy from your store in My Store.
                </Text>
              ) : (
                <OrdersTable
                  orders={items}
                  caption={`Your store's orders: ${items.length}, newest first`}
                  actions={(o) => <StaffOrderActions order={o} />}
                />
              )
            }
          </QueryState>
        </Stack>
      </Card>
    </Page>
  );
}
