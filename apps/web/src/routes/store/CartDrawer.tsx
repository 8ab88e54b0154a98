import { useRef, useState } from 'react';
import { Alert, Button, Divider, Drawer, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { longDate, MSG } from '@app/domain';
import {
  afterOrder,
  orders,
  unwrap,
  type PlaceOrderBody,
  type PlaceOrderResult,
  type Product,
  type StoreMeta,
} from '../../api';
import { formatPoints } from '../../components/points';
import { addRefusal, cartCount, cartTotal, checkoutRefusal, type CartEntry } from './cartMath';
import { sectionsOf, storeTitle } from '../../components/catalogue';
import { attemptFor, type Attempt } from '../../api/idempotency';
import { ProductImage } from './ProductCard';
import { QuantityStepper } from './QuantityStepper';

const pts = (n: number) => `${formatPoints(n)} ${n === 1 ? 'point' : 'points'}`;

interface Props {
  opened: boolean;
  onClose: () => void;
  entries: CartEntry[];
  setQuantity: (product: Product, quantity: number) => void;
  balance: number;
  meta: StoreMeta;
}

type Step = 'cart' | 'confirm' | 'done';

/** The store's message while it is closed, or null. */
export const closedMessage = (meta: Pick<StoreMeta, 'isOpen' | 'reopenDate'>): string | null =>
  meta.isOpen
    ? null
    : meta.reopenDate
      ? MSG.storeClosed(longDate(meta.reopenDate))
      : MSG.storeClosedNoDate;

/**
 * The cart: lines with their quantities, what it costs and what is left; checkout asks first,
 * says what will happen, and shows the orders made or the server's reason for refusing.
 */
export function CartDrawer({ opened, onClose, entries, setQuantity, balance, meta }: Props) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('cart');
  const [placed, setPlaced] = useState<PlaceOrderResult | null>(null);
  // One key per purchase attempt: a retry of the same cart sends it again, so it is charged once.
  const attempt = useRef<Attempt | null>(null);
  const place = useMutation({
    mutationFn: ({ body, key }: { body: PlaceOrderBody; key: string }) =>
      unwrap(orders.place(body, key)),
    onSuccess: (result) => {
      attempt.current = null;
      setPlaced(result);
      setStep('done');
      void afterOrder(queryClient);
    },
  });

  const total = cartTotal(entries);
  const count = cartCount(entries);
  const refusal = closedMessage(meta) ?? checkoutRefusal(entries, balance);
  const sections = sectionsOf(entries.map((e) => e.product));

  const close = () => {
    onClose();
    if (step !== 'confirm' || !place.isPending) {
      setStep('cart');
      place.reset();
    }
  };
  const buy = () => {
    const body: PlaceOrderBody = {
      orderItems: entries.map((e) => ({ productId: e.productId, quantity: e.quantity })),
    };
    attempt.current = attemptFor(attempt.current, body);
    place.mutate({ body, key: attempt.current.key });
  };

  return (
    <Drawer
      opened={opened}
      onClose={close}
      position="right"
      size="md"
      title={
        <Title order={2} fz="h3">
          Your cart
        </Title>
      }
      closeButtonProps={{ 'aria-label': 'Close cart' }}
    >
      {step === 'done' && placed ? (
        <Stack gap="md">
          <Alert
            color="teal"
            variant="light"
            title="Thank you! Your order is placed."
            role="status"
          >
            <Stack gap={4}>
              {placed.orders.map((o) => (
                <Text key={o._id} fz="sm">
                  {storeTitle(o)}: {o.orderItems.reduce((n, i) => n + i.quantity, 0)} items,{' '}
                  {pts(o.total)}
                  {o.estimatedDelivery ? ` · delivery ${longDate(o.estimatedDelivery)}` : ''}
                </Text>
              ))}
              <Text fz="sm" fw={600}>
                Your balance now: {pts(placed.balance)}
              </Text>
            </Stack>
          </Alert>
          <Group>
            <Button component={Link} to="/orders" onClick={close}>
              See My Orders
            </Button>
            <Button variant="default" onClick={() => (setStep('cart'), place.reset())}>
              Keep shopping
            </Button>
          </Group>
        </Stack>
      ) : entries.length === 0 ? (
        <Text c="dimmed" py="lg">
          Your cart is empty. Add items from the store.
        </Text>
      ) : step === 'confirm' ? (
        <Stack gap="md">
          <Paper withBorder p="md" role="group" aria-label="Please confirm">
            <Stack gap="xs">
              <Text fw={700}>
                Buy {count} {count === 1 ? 'item' : 'items'} for {pts(total)}?
              </Text>
              {sections.map((s) => {
                const lines = entries.filter((e) => s.products.some((p) => p._id === e.productId));
                return (
                  <Text key={s.key} fz="sm">
                    {s.title}: {lines.map((l) => `${l.quantity} × ${l.product.name}`).join(', ')}
                  </Text>
                );
              })}
              <Text fz="sm">You will have {pts(balance - total)} left.</Text>
              <Text fz="sm" c="dimmed">
                {meta.nextDeliveryDate
                  ? `Delivery ${longDate(meta.nextDeliveryDate.date)}. You can cancel until the end of ${longDate(meta.nextDeliveryDate.cutOffDate)}.`
                  : 'The store will tell you when your order is ready.'}
                {entries.length > 1 && sections.length > 1
                  ? ' Each store makes its own order.'
                  : ''}
              </Text>
            </Stack>
          </Paper>
          {place.isError ? (
            <Alert color="red" variant="light" title="Not bought">
              {place.error.message}
            </Alert>
          ) : null}
          <Group>
            <Button onClick={buy} loading={place.isPending}>
              {place.isError ? 'Try again' : 'Yes, buy them'}
            </Button>
            <Button
              variant="default"
              onClick={() => (setStep('cart'), place.reset())}
              disabled={place.isPending}
            >
              Back to cart
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Stack
            gap="sm"
            component="ul"
            aria-label="Cart items"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {entries.map((e) => (
              <Paper key={e.productId} component="li" withBorder p="sm">
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <div style={{ width: 56, flexShrink: 0 }}>
                    <ProductImage product={e.product} height={56} />
                  </div>
                  <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                    <Text fw={600} truncate>
                      {e.product.name}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {storeTitle(e.product)} · {pts(e.product.price)} each
                    </Text>
                    <Group justify="space-between" wrap="nowrap" mt={4}>
                      <QuantityStepper
                        name={e.product.name}
                        quantity={e.quantity}
                        onChange={(q) => setQuantity(e.product, q)}
                        addRefusal={addRefusal(entries, e.product, balance)}
                      />
                      <Text fw={700}>{pts(e.product.price * e.quantity)}</Text>
                    </Group>
                  </Stack>
                </Group>
              </Paper>
            ))}
          </Stack>
          <Divider />
          <Stack gap={4}>
            <Group justify="space-between">
              <Text>Total</Text>
              <Text fw={700}>{pts(total)}</Text>
            </Group>
            <Group justify="space-between">
              <Text c="dimmed">Your balance</Text>
              <Text c="dimmed">{pts(balance)}</Text>
            </Group>
            <Group justify="space-between">
              <Text c="dimmed">Left after buying</Text>
              <Text c={balance - total < 0 ? 'red' : 'dimmed'}>{pts(balance - total)}</Text>
            </Group>
          </Stack>
          {refusal ? (
            <Alert color={closedMessage(meta) ? 'orange' : 'red'} variant="light">
              {refusal}
            </Alert>
          ) : null}
          <Button size="md" onClick={() => setStep('confirm')} disabled={refusal !== null}>
            Check out
          </Button>
        </Stack>
      )}
    </Drawer>
  );
}
