import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACTION_STATUS, canMove, fullName, ORDER_ACTIONS, type OrderAction } from '@app/domain';
import { afterOrderChange, orders, unwrap, type Order } from '../../api';
import { formatPoints } from '../../components/points';

const ACTION_LABELS: Record<OrderAction, string> = {
  PACKAGE: 'Package',
  REDEEM: 'Redeem',
  CANCEL: 'Cancel',
  REFUND: 'Refund',
};
const DONE: Record<OrderAction, string> = {
  PACKAGE: 'packaged',
  REDEEM: 'redeemed',
  CANCEL: 'canceled',
  REFUND: 'refunded',
};

/** The actions staff may take on an order now (the transitions of docs/spec.md section 10.3). */
const staffActions = (o: Pick<Order, 'status'>): OrderAction[] =>
  ORDER_ACTIONS.filter((a) => canMove(o.status, ACTION_STATUS[a]));

/** What one order is called in a button or a question: "Jordan Lee's order of 2 items". */
const orderName = (o: Order) => {
  const n = o.orderItems.reduce((k, i) => k + i.quantity, 0);
  return `${fullName(o.student)}'s order of ${n} ${n === 1 ? 'item' : 'items'}`;
};

/** Actions that ask first: cancel and refund give the points back; redeem cannot be undone. */
const ASKS: readonly OrderAction[] = ['REDEEM', 'CANCEL', 'REFUND'];
const givesBack = (a: OrderAction) => a === 'CANCEL' || a === 'REFUND';

/** The question for an action that asks first (docs/decisions/105-fulfilment-queue-and-redeem.md). */
const question = (a: OrderAction, o: Order): string =>
  a === 'REDEEM'
    ? `Redeem ${orderName(o)}? It is marked as handed over to ${fullName(o.student)}. This cannot be undone; afterwards the order can only be refunded.`
    : `${ACTION_LABELS[a]} ${orderName(o)}? ${formatPoints(o.total)} points go back to ${fullName(o.student)} and the items back into stock.`;

/** PUT order/{id}: one action. */
function useOrderAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ order, action }: { order: Order; action: OrderAction }) =>
      unwrap(orders.act(order._id, { action })),
    onSuccess: (o, { action }) => {
      const back =
        action === 'CANCEL' || action === 'REFUND'
          ? ` ${formatPoints(o.total)} points are back in ${fullName(o.student)}'s balance.`
          : '';
      notifications.show({ color: 'teal', message: `Order ${DONE[action]}.${back}` });
      void afterOrderChange(queryClient);
    },
  });
}

/** The buttons of one order's row for staff (the store's manager, assistant or teacher). */
export function StaffOrderActions({ order }: { order: Order }) {
  const act = useOrderAction();
  const [asking, setAsking] = useState<OrderAction | null>(null);
  const actions = staffActions(order);
  if (!actions.length) return null;
  const run = (action: OrderAction) =>
    act.mutate({ order, action }, { onSuccess: () => setAsking(null) });
  return (
    <>
      <Group gap={6} wrap="nowrap">
        {actions.map((a) => (
          <Button
            key={a}
            size="compact-sm"
            variant={givesBack(a) ? 'subtle' : 'light'}
            color={givesBack(a) ? 'red' : undefined}
            onClick={() => (ASKS.includes(a) ? setAsking(a) : run(a))}
            loading={act.isPending && act.variables?.action === a && asking === null}
            aria-label={`${ACTION_LABELS[a]} ${orderName(order)}`}
          >
            {ACTION_LABELS[a]}
          </Button>
        ))}
      </Group>
      {act.isError && asking === null ? (
        <Text fz="xs" c="red" role="alert">
          {act.error.message}
        </Text>
      ) : null}
      {asking ? (
        <Modal
          opened
          closeButtonProps={{ 'aria-label': 'Close' }}
          onClose={() => (setAsking(null), act.reset())}
          title="Please confirm"
          centered
        >
          <Stack gap="md">
            <Text>{question(asking, order)}</Text>
            {act.isError ? (
              <Alert color="red" variant="light" title="Not done">
                {act.error.message}
              </Alert>
            ) : null}
            <Group>
              <Button
                color={givesBack(asking) ? 'red' : undefined}
                onClick={() => run(asking)}
                loading={act.isPending}
              >
                Yes, {ACTION_LABELS[asking].toLowerCase()} it
              </Button>
              <Button variant="default" onClick={() => (setAsking(null), act.reset())}>
                No
              </Button>
            </Group>
          </Stack>
        </Modal>
      ) : null}
    </>
  );
}
