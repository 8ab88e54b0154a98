import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  studentMayCancel,
  todayIn,
  type MessageKey,
  type OrderStatus,
  type OrderStatusFilter,
} from '@app/domain';
import { afterOrderChange, api, queryKeys, unwrap, type Order, type SessionUser } from '../../api';
import { Page } from '../../components/Page';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { useFormat, useT } from '../../i18n';
import { Rich } from '../../components/Rich';
import { storeName } from '../../components/storeName';
import { OrderStatusBadge } from '../../components/orders/OrderStatusBadge';
import { STATUS_KEYS, usePlacedOn } from '../../components/orders/words';

/** The filter's choices: all, then each status in the order an order moves through them. */
const FILTERS: OrderStatusFilter[] = [
  'ALL',
  'PENDING',
  'PACKAGED',
  'REDEEMED',
  'CANCELED',
  'REFUNDED',
];

/** What the status means for the student, in a sentence. */
function statusLine(o: Order): MessageKey {
  if (o.store === 'fonts' || o.store === 'icons')
    return o.status === 'REFUNDED' ? 'orders.lineRefunded' : 'orders.lineYours';
  switch (o.status) {
    case 'PENDING':
      return 'orders.linePending';
    case 'PACKAGED':
      return 'orders.linePackaged';
    case 'REDEEMED':
      return 'orders.lineRedeemed';
    case 'CANCELED':
      return 'orders.lineCanceled';
    case 'REFUNDED':
      return 'orders.lineRefundedBack';
  }
}

function OrderCard({
  order,
  today,
  onCancel,
}: {
  order: Order;
  today: string;
  onCancel: (o: Order) => void;
}) {
  const t = useT();
  const f = useFormat();
  const placedOn = usePlacedOn();
  const product = order.store === 'School' || order.store === 'Teacher';
  const mayCancel = product && studentMayCancel(order, today);
  const delivery = order.estimatedDelivery
    ? t('orders.deliveryOn', { date: f.longDate(order.estimatedDelivery) })
    : t('orders.deliveryNotSet');
  return (
    <Paper
      component="li"
      withBorder
      p="md"
      aria-label={t('orders.placedAria', { date: placedOn(order) })}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={0}>
            <Text fw={700}>{storeName(t, order)}</Text>
            <Text fz="xs" c="dimmed">
              {t('orders.placedOn', { date: placedOn(order) })}
            </Text>
          </Stack>
          <OrderStatusBadge status={order.status} />
        </Group>
        <Stack gap={2} component="ul" style={{ margin: 0, paddingLeft: 18 }}>
          {order.orderItems.map((i) => (
            <Text key={i.productId} component="li" fz="sm">
              {t('orders.itemLinePrice', {
                quantity: i.quantity,
                name: i.name,
                price: i.price * i.quantity,
              })}
            </Text>
          ))}
        </Stack>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fz="sm" fw={600}>
            {t('orders.totalPoints', { total: order.total })}
          </Text>
          {product ? (
            <Text fz="sm">
              {order.deliveryLocation
                ? t('orders.withLocation', { delivery, location: order.deliveryLocation })
                : delivery}
            </Text>
          ) : null}
        </Group>
        <Text fz="sm" c="dimmed">
          {t(statusLine(order))}
        </Text>
        {mayCancel ? (
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text fz="xs" c="dimmed">
              {order.cutOffDate
                ? t('orders.cancelUntil', { date: f.longDate(order.cutOffDate) })
                : t('orders.cancelUntilPickup')}
            </Text>
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() => onCancel(order)}
              aria-label={t('orders.cancelOrderAria', { date: placedOn(order) })}
            >
              {t('orders.cancelOrder')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** "My Orders": each order with its status and delivery date; cancel while the cut-off allows. */
export function MyOrders({ user }: { user: SessionUser }) {
  const { t, status, setStatus, canceling, setCanceling, list, cancel, today } = useMyOrders({
    user,
  });
  return (
    <Page maw={900}>
      <PageHeader
        title={t('orders.myOrders')}
        description={t('orders.myOrdersDescription')}
        actions={
          <Select
            label={t('orders.show')}
            data={FILTERS.map((s) => ({
              value: s,
              label: s === 'ALL' ? t('orders.allOrders') : t(STATUS_KEYS[s as OrderStatus]),
            }))}
            value={status}
            onChange={(v) => setStatus((v as OrderStatusFilter | null) ?? 'ALL')}
            allowDeselect={false}
            w={180}
          />
        }
      />
      <QueryState query={list} loading={t('orders.loadingYours')}>
        {(items) =>
          items.length === 0 ? (
            <Paper withBorder p="xl">
              <Stack align="center" gap="xs">
                <Title order={2} fz="lg">
                  {status === 'ALL' ? t('orders.noOrdersYet') : t('orders.noOrdersStatus')}
                </Title>
                <Text c="dimmed">
                  <Rich
                    k="orders.spendIn"
                    link={(chunks) => (
                      <Anchor component={Link} to="/store">
                        {chunks}
                      </Anchor>
                    )}
                  />
                </Text>
              </Stack>
            </Paper>
          ) : (
            <Stack
              gap="sm"
              component="ul"
              aria-label={t('orders.yourOrders')}
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {items.map((o) => (
                <OrderCard key={o._id} order={o} today={today} onCancel={setCanceling} />
              ))}
            </Stack>
          )
        }
      </QueryState>
      {canceling ? (
        <Modal
          opened
          closeButtonProps={{ 'aria-label': t('common.close') }}
          onClose={() => (setCanceling(null), cancel.reset())}
          title={t('orders.cancelQuestion')}
          centered
        >
          <Stack gap="md">
            <Text>
              {t('orders.willGoBack', {
                lines: canceling.orderItems
                  .map((i) => t('orders.itemLine', { quantity: i.quantity, name: i.name }))
                  .join(', '),
                total: canceling.total,
              })}
            </Text>
            {cancel.isError ? (
              <Alert color="red" variant="light" title={t('orders.notCanceled')}>
                {cancel.error.message}
              </Alert>
            ) : null}
            <Group>
              <Button
                color="red"
                onClick={() => cancel.mutate(canceling)}
                loading={cancel.isPending}
              >
                {t('orders.yesCancel')}
              </Button>
              <Button variant="default" onClick={() => (setCanceling(null), cancel.reset())}>
                {t('orders.keepIt')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      ) : null}
    </Page>
  );
}

/** The student's orders (polled while they watch), the status filter, and cancelling one. */
function useMyOrders({ user }: Pick<{ user: SessionUser }, 'user'>) {
  const t = useT();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<OrderStatusFilter>('ALL');
  const [canceling, setCanceling] = useState<Order | null>(null);
  const filters = { status };
  // The store moves orders along while the student watches: a light poll shows each new status.
  const list = useQuery({
    queryKey: queryKeys.orders.mine(filters),
    queryFn: () => unwrap(api.order.mine({ query: filters })),
    refetchInterval: 15_000,
    placeholderData: (p) => p,
  });
  const cancel = useMutation({
    mutationFn: (o: Order) =>
      unwrap(api.order.act({ params: { id: o._id }, body: { action: 'CANCEL' } })),
    onSuccess: (o) => {
      setCanceling(null);
      notifications.show({
        color: 'teal',
        title: t('orders.canceledTitle'),
        message: t('orders.wentBack', { total: o.total }),
      });
      void afterOrderChange(queryClient);
    },
  });
  const today = todayIn(user.school.timeZone);

  return { t, status, setStatus, canceling, setCanceling, list, cancel, today };
}
