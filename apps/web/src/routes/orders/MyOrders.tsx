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
import { longDate, studentMayCancel, todayIn, type OrderStatusFilter } from '@app/domain';
import {
  afterOrderChange,
  orders,
  queryKeys,
  unwrap,
  type Order,
  type SessionUser,
} from '../../api';
import { Page } from '../../components/Page';
import { PageHeader } from '../../components/PageHeader';
import { formatPoints } from '../../components/points';
import { QueryState } from '../../components/QueryState';
import { storeTitle } from '../../components/catalogue';
import { OrderStatusBadge, STATUS_LABELS } from './OrderStatusBadge';
import { placedOn } from './OrdersTable';

const pts = (n: number) => `${formatPoints(n)} ${n === 1 ? 'point' : 'points'}`;

const FILTERS: { value: OrderStatusFilter; label: string }[] = [
  { value: 'ALL', label: 'All orders' },
  { value: 'PENDING', label: STATUS_LABELS.PENDING },
  { value: 'PACKAGED', label: STATUS_LABELS.PACKAGED },
  { value: 'REDEEMED', label: STATUS_LABELS.REDEEMED },
  { value: 'CANCELED', label: STATUS_LABELS.CANCELED },
  { value: 'REFUNDED', label: STATUS_LABELS.REFUNDED },
];

/** What the status means for the student, in a sentence. */
function statusLine(o: Order): string {
  if (o.store === 'fonts' || o.store === 'icons')
    return o.status === 'REFUNDED' ? 'Refunded.' : 'Yours: choose it on your Profile.';
  switch (o.status) {
    case 'PENDING':
      return 'The store has your order and will pack it.';
    case 'PACKAGED':
      return 'Packed and ready for you.';
    case 'REDEEMED':
      return 'You picked it up. Enjoy!';
    case 'CANCELED':
      return 'Canceled. The points went back to your balance.';
    case 'REFUNDED':
      return 'Refunded. The points went back to your balance.';
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
  const product = order.store === 'School' || order.store === 'Teacher';
  const mayCancel = product && studentMayCancel(order, today);
  return (
    <Paper component="li" withBorder p="md" aria-label={`Order placed ${placedOn(order)}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={0}>
            <Text fw={700}>{storeTitle(order)}</Text>
            <Text fz="xs" c="dimmed">
              Placed {placedOn(order)}
            </Text>
          </Stack>
          <OrderStatusBadge status={order.status} />
        </Group>
        <Stack gap={2} component="ul" style={{ margin: 0, paddingLeft: 18 }}>
          {order.orderItems.map((i) => (
            <Text key={i.productId} component="li" fz="sm">
              {i.quantity} × {i.name} · {pts(i.price * i.quantity)}
            </Text>
          ))}
        </Stack>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fz="sm" fw={600}>
            Total {pts(order.total)}
          </Text>
          {product ? (
            <Text fz="sm">
              {order.estimatedDelivery
                ? `Delivery ${longDate(order.estimatedDelivery)}`
                : 'Delivery date not set yet'}
              {order.deliveryLocation ? ` · ${order.deliveryLocation}` : ''}
            </Text>
          ) : null}
        </Group>
        <Text fz="sm" c="dimmed">
          {statusLine(order)}
        </Text>
        {mayCancel ? (
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text fz="xs" c="dimmed">
              {order.cutOffDate
                ? `You can cancel until the end of ${longDate(order.cutOffDate)}.`
                : 'You can cancel until you pick it up.'}
            </Text>
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() => onCancel(order)}
              aria-label={`Cancel order placed ${placedOn(order)}`}
            >
              Cancel order
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** "My Orders": each order with its status and delivery date; cancel while the cut-off allows. */
export function MyOrders({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<OrderStatusFilter>('ALL');
  const [canceling, setCanceling] = useState<Order | null>(null);
  const filters = { status };
  // The store moves orders along while the student watches: a light poll shows each new status.
  const list = useQuery({
    queryKey: queryKeys.orders.mine(filters),
    queryFn: () => unwrap(orders.mine(filters)),
    refetchInterval: 15_000,
    placeholderData: (p) => p,
  });
  const cancel = useMutation({
    mutationFn: (o: Order) => unwrap(orders.act(o._id, { action: 'CANCEL' })),
    onSuccess: (o) => {
      setCanceling(null);
      notifications.show({
        color: 'teal',
        title: 'Order canceled',
        message: `${pts(o.total)} went back to your balance.`,
      });
      void afterOrderChange(queryClient);
    },
  });
  const today = todayIn(user.school.timeZone);

  return (
    <Page maw={900}>
      <PageHeader
        title="My Orders"
        description="What you bought, where it is, and when it arrives."
        actions={
          <Select
            label="Show"
            data={FILTERS}
            value={status}
            onChange={(v) => setStatus((v as OrderStatusFilter | null) ?? 'ALL')}
            allowDeselect={false}
            w={180}
          />
        }
      />
      <QueryState query={list} loading="Loading your orders">
        {(items) =>
          items.length === 0 ? (
            <Paper withBorder p="xl">
              <Stack align="center" gap="xs">
                <Title order={2} fz="lg">
                  {status === 'ALL' ? 'No orders yet' : 'No orders with this status'}
                </Title>
                <Text c="dimmed">
                  Spend your points in{' '}
                  <Anchor component={Link} to="/store">
                    My Store
                  </Anchor>
                  .
                </Text>
              </Stack>
            </Paper>
          ) : (
            <Stack
              gap="sm"
              component="ul"
              aria-label="Your orders, newest first"
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
          closeButtonProps={{ 'aria-label': 'Close' }}
          onClose={() => (setCanceling(null), cancel.reset())}
          title="Cancel this order?"
          centered
        >
          <Stack gap="md">
            <Text>
              {canceling.orderItems.map((i) => `${i.quantity} × ${i.name}`).join(', ')}.{' '}
              {pts(canceling.total)} will go back to your balance.
            </Text>
            {cancel.isError ? (
              <Alert color="red" variant="light" title="Not canceled">
                {cancel.error.message}
              </Alert>
            ) : null}
            <Group>
              <Button
                color="red"
                onClick={() => cancel.mutate(canceling)}
                loading={cancel.isPending}
              >
                Yes, cancel it
              </Button>
              <Button variant="default" onClick={() => (setCanceling(null), cancel.reset())}>
                Keep it
              </Button>
            </Group>
          </Stack>
        </Modal>
      ) : null}
    </Page>
  );
}
