import { useState } from 'react';
import { Card, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ORDER_STATUSES, type OrderStatusFilter } from '@app/domain';
import { api, queryKeys, unwrap } from '../../api';
import { Page } from '../../components/Page';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { StaffOrderActions } from './OrderActions';
import { OrdersTable } from './OrdersTable';
import { useT } from '../../i18n';
import { STATUS_KEYS } from '../../components/orders/words';

/** A teacher's Orders: the orders of their own store, to package, redeem, cancel or refund. */
export function StoreOrders() {
  const t = useT();
  const [status, setStatus] = useState<OrderStatusFilter>('ACTIVE');
  const filters = { status };
  const list = useQuery({
    queryKey: queryKeys.orders.ofStore(filters),
    queryFn: () => unwrap(api.order.ofStore({ query: filters })),
    refetchInterval: 15_000,
    placeholderData: (p) => p,
  });
  return (
    <Page>
      <PageHeader title={t('orders.title')} description={t('orders.storeOrdersDescription')} />
      <Card p="lg">
        <Stack gap="md">
          <Select
            label={t('orders.status')}
            data={[
              { value: 'ACTIVE', label: t('orders.filterActive') },
              { value: 'ALL', label: t('orders.filterAllStatuses') },
              ...ORDER_STATUSES.map((s) => ({ value: s, label: t(STATUS_KEYS[s]) })),
            ]}
            value={status}
            onChange={(v) => setStatus((v as OrderStatusFilter) ?? 'ACTIVE')}
            allowDeselect={false}
            w={220}
          />
          <QueryState query={list} loading={t('orders.loading')} size="section">
            {(items) =>
              items.length === 0 ? (
                <Text c="dimmed" ta="center" py="lg">
                  {status === 'ALL' || status === 'ACTIVE'
                    ? t('orders.noOrdersYetStore')
                    : t('orders.noOrdersStatusStore')}
                </Text>
              ) : (
                <OrdersTable
                  orders={items}
                  caption={t('orders.storeCaption', { count: items.length })}
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
