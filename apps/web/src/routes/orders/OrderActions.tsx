import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ACTION_STATUS,
  canMove,
  fullName,
  ORDER_ACTIONS,
  type MessageKey,
  type OrderAction,
} from '@app/domain';
import { afterOrderChange, api, unwrap, type Order } from '../../api';
import { useT } from '../../i18n';
import type { Translate } from '../../i18n/useT';
import { ACTION_KEYS } from '../../components/orders/words';

const DONE: Record<OrderAction, MessageKey> = {
  PACKAGE: 'orders.donePackage',
  REDEEM: 'orders.doneRedeem',
  CANCEL: 'orders.doneCancel',
  REFUND: 'orders.doneRefund',
};
const YES: Record<OrderAction, MessageKey> = {
  PACKAGE: 'orders.yesPackage',
  REDEEM: 'orders.yesRedeem',
  CANCEL: 'orders.yesCancel',
  REFUND: 'orders.yesRefund',
};

/** The actions staff may take on an order now (the transitions of docs/spec.md section 10.3). */
const staffActions = (o: Pick<Order, 'status'>): OrderAction[] =>
  ORDER_ACTIONS.filter((a) => canMove(o.status, ACTION_STATUS[a]));

/** What one order is called in a button or a question: "Jordan Lee's order of 2 items". */
const orderName = (t: Translate, o: Order) =>
  t('orders.orderName', {
    name: fullName(o.student),
    count: o.orderItems.reduce((k, i) => k + i.quantity, 0),
  });

/** Actions that ask first: cancel and refund give the points back; redeem cannot be undone. */
const ASKS: readonly OrderAction[] = ['REDEEM', 'CANCEL', 'REFUND'];
const givesBack = (a: OrderAction) => a === 'CANCEL' || a === 'REFUND';

/** The question for an action that asks first (docs/decisions/105-fulfilment-queue-and-redeem.md). */
const question = (t: Translate, a: OrderAction, o: Order): string =>
  t(
    a === 'REDEEM' ? 'orders.askRedeem' : a === 'CANCEL' ? 'orders.askCancel' : 'orders.askRefund',
    {
      order: orderName(t, o),
      name: fullName(o.student),
      total: o.total,
    },
  );

/** PUT order/{id}: one action. */
function useOrderAction() {
  const t = useT();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ order, action }: { order: Order; action: OrderAction }) =>
      unwrap(api.order.act({ params: { id: order._id }, body: { action } })),
    onSuccess: (o, { action }) => {
      const said = [t(DONE[action])];
      if (givesBack(action))
        said.push(t('orders.pointsBack', { total: o.total, name: fullName(o.student) }));
      notifications.show({ color: 'teal', message: said.join(' ') });
      void afterOrderChange(queryClient);
    },
  });
}

/** The buttons of one order's row for staff (the store's manager, assistant or teacher). */
export function StaffOrderActions({ order }: { order: Order }) {
  const t = useT();
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
            aria-label={t('orders.actionAria', {
              action: t(ACTION_KEYS[a]),
              order: orderName(t, order),
            })}
          >
            {t(ACTION_KEYS[a])}
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
          closeButtonProps={{ 'aria-label': t('common.close') }}
          onClose={() => (setAsking(null), act.reset())}
          title={t('orders.pleaseConfirm')}
          centered
        >
          <Stack gap="md">
            <Text>{question(t, asking, order)}</Text>
            {act.isError ? (
              <Alert color="red" variant="light" title={t('orders.notDone')}>
                {act.error.message}
              </Alert>
            ) : null}
            <Group>
              <Button
                color={givesBack(asking) ? 'red' : undefined}
                onClick={() => run(asking)}
                loading={act.isPending}
              >
                {t(YES[asking])}
              </Button>
              <Button variant="default" onClick={() => (setAsking(null), act.reset())}>
                {t('common.no')}
              </Button>
            </Group>
          </Stack>
        </Modal>
      ) : null}
    </>
  );
}
