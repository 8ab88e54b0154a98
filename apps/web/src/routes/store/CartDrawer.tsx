import { useRef, useState } from 'react';
import { Alert, Button, Divider, Drawer, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  afterOrder,
  api,
  unwrap,
  type PlaceOrderBody,
  type PlaceOrderResult,
  type Product,
  type StoreMeta,
} from '../../api';
import { addRefusal, cartCount, cartTotal, checkoutRefusal, type CartEntry } from './cartMath';
import { sectionsOf } from '../../components/catalogue';
import { useFormat, useT } from '../../i18n';
import { attemptFor, type Attempt } from '../../api/idempotency';
import { ProductImage } from './ProductCard';
import { QuantityStepper } from './QuantityStepper';
import { storeName } from '../../components/storeName';
import { points, type Words } from './words';

interface Props {
  opened: boolean;
  onClose: () => void;
  entries: CartEntry[];
  setQuantity: (product: Product, quantity: number) => void;
  balance: number;
  meta: StoreMeta;
}

type Step = 'cart' | 'confirm' | 'done';

/** The store's message while it is closed, or null (the server's words for it). */
export function useClosedMessage() {
  const t = useT();
  const f = useFormat();
  return (meta: Pick<StoreMeta, 'isOpen' | 'reopenDate'>): string | null =>
    meta.isOpen
      ? null
      : meta.reopenDate
        ? t('msg.storeClosed', { date: f.longDate(meta.reopenDate) })
        : t('msg.storeClosedNoDate');
}

/**
 * The cart: lines with their quantities, what it costs and what is left; checkout asks first,
 * says what will happen, and shows the orders made or the server's reason for refusing.
 */
export function CartDrawer({ opened, onClose, entries, setQuantity, balance, meta }: Props) {
  const t = useT();
  const closedMessage = useClosedMessage();
  const words = (w: Words | null) => w && t(w.key, w.values);
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('cart');
  const [placed, setPlaced] = useState<PlaceOrderResult | null>(null);
  // One key per purchase attempt: a retry of the same cart sends it again, so it is charged once.
  const attempt = useRef<Attempt | null>(null);
  const place = useMutation({
    mutationFn: ({ body, key }: { body: PlaceOrderBody; key: string }) =>
      unwrap(api.order.place({ body, headers: { 'idempotency-key': key } })),
    onSuccess: (result) => {
      attempt.current = null;
      setPlaced(result);
      setStep('done');
      void afterOrder(queryClient);
    },
  });

  const total = cartTotal(entries);
  const count = cartCount(entries);
  const refusal = closedMessage(meta) ?? words(checkoutRefusal(entries, balance));

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
          {t('store.cartTitle')}
        </Title>
      }
      closeButtonProps={{ 'aria-label': t('store.closeCart') }}
    >
      {step === 'done' && placed ? (
        <Placed
          placed={placed}
          onClose={close}
          onKeepShopping={() => (setStep('cart'), place.reset())}
        />
      ) : entries.length === 0 ? (
        <Text c="dimmed" py="lg">
          {t('store.cartEmpty')}
        </Text>
      ) : step === 'confirm' ? (
        <Stack gap="md">
          <ConfirmSummary entries={entries} balance={balance} meta={meta} />
          {place.isError ? (
            <Alert color="red" variant="light" title={t('store.notBought')}>
              {place.error.message}
            </Alert>
          ) : null}
          <Group>
            <Button onClick={buy} loading={place.isPending}>
              {place.isError ? t('common.retry') : t('store.yesBuyThem', { count })}
            </Button>
            <Button
              variant="default"
              onClick={() => (setStep('cart'), place.reset())}
              disabled={place.isPending}
            >
              {t('store.backToCart')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <CartLines entries={entries} setQuantity={setQuantity} balance={balance} />
          <Divider />
          <CartTotals total={total} balance={balance} />
          {refusal ? (
            <Alert color={closedMessage(meta) ? 'orange' : 'red'} variant="light">
              {refusal}
            </Alert>
          ) : null}
          <Button size="md" onClick={() => setStep('confirm')} disabled={refusal !== null}>
            {t('store.checkOut')}
          </Button>
        </Stack>
      )}
    </Drawer>
  );
}

type Entries = Props['entries'];

/** The orders just placed, store by store, and the balance now. */
function Placed({
  placed,
  onClose,
  onKeepShopping,
}: {
  placed: PlaceOrderResult;
  onClose: () => void;
  onKeepShopping: () => void;
}) {
  const t = useT();
  const f = useFormat();
  return (
    <Stack gap="md">
      <Alert color="teal" variant="light" title={t('store.thanks')} role="status">
        <Stack gap={4}>
          {placed.orders.map((o) => (
            <Text key={o._id} fz="sm">
              {t(o.estimatedDelivery ? 'store.placedLineDelivery' : 'store.placedLine', {
                store: storeName(t, o),
                items: o.orderItems.reduce((n, i) => n + i.quantity, 0),
                total: o.total,
                date: o.estimatedDelivery ? f.longDate(o.estimatedDelivery) : null,
              })}
            </Text>
          ))}
          <Text fz="sm" fw={600}>
            {t('store.balanceNow', { balance: placed.balance })}
          </Text>
        </Stack>
      </Alert>
      <Group>
        <Button component={Link} to="/orders" onClick={onClose}>
          {t('store.seeMyOrders')}
        </Button>
        <Button variant="default" onClick={onKeepShopping}>
          {t('store.keepShopping')}
        </Button>
      </Group>
    </Stack>
  );
}

/** What checking out buys, store by store, what is left after, and when it comes. */
function ConfirmSummary({
  entries,
  balance,
  meta,
}: {
  entries: Entries;
  balance: number;
  meta: Props['meta'];
}) {
  const t = useT();
  const f = useFormat();
  const total = cartTotal(entries);
  const count = cartCount(entries);
  const sections = sectionsOf(entries.map((e) => e.product));
  return (
    <Paper withBorder p="md" role="group" aria-label={t('store.pleaseConfirm')}>
      <Stack gap="xs">
        <Text fw={700}>{t('store.buyQuestion', { count, total })}</Text>
        {sections.map((s) => {
          const lines = entries.filter((e) => s.products.some((p) => p._id === e.productId));
          return (
            <Text key={s.key} fz="sm">
              {t('store.sectionLines', {
                store: storeName(t, s.products[0]!),
                lines: lines
                  .map((l) => t('store.line', { quantity: l.quantity, name: l.product.name }))
                  .join(', '),
              })}
            </Text>
          );
        })}
        <Text fz="sm">{t('store.willHaveLeft', { left: balance - total })}</Text>
        <Text fz="sm" c="dimmed">
          {[
            meta.nextDeliveryDate
              ? t('store.deliveryCancelUntil', {
                  date: f.longDate(meta.nextDeliveryDate.date),
                  cutOff: f.longDate(meta.nextDeliveryDate.cutOffDate),
                })
              : t('store.storeWillTell'),
            ...(entries.length > 1 && sections.length > 1 ? [t('store.eachStoreOrders')] : []),
          ].join(' ')}
        </Text>
      </Stack>
    </Paper>
  );
}

/** The cart's lines, each with its quantity and what it costs. */
function CartLines({
  entries,
  setQuantity,
  balance,
}: {
  entries: Entries;
  setQuantity: Props['setQuantity'];
  balance: number;
}) {
  const t = useT();
  const pts = (n: number) => points(t, n);
  const words = (w: Words | null) => w && t(w.key, w.values);
  return (
    <Stack
      gap="sm"
      component="ul"
      aria-label={t('store.cartItems')}
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
                {t('store.each', { store: storeName(t, e.product), price: e.product.price })}
              </Text>
              <Group justify="space-between" wrap="nowrap" mt={4}>
                <QuantityStepper
                  name={e.product.name}
                  quantity={e.quantity}
                  onChange={(q) => setQuantity(e.product, q)}
                  addRefusal={words(addRefusal(entries, e.product, balance))}
                />
                <Text fw={700}>{pts(e.product.price * e.quantity)}</Text>
              </Group>
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/** The total, the balance, and what is left after buying. */
function CartTotals({ total, balance }: { total: number; balance: number }) {
  const t = useT();
  const pts = (n: number) => points(t, n);
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text>{t('store.total')}</Text>
        <Text fw={700}>{pts(total)}</Text>
      </Group>
      <Group justify="space-between">
        <Text c="dimmed">{t('store.yourBalance')}</Text>
        <Text c="dimmed">{pts(balance)}</Text>
      </Group>
      <Group justify="space-between">
        <Text c="dimmed">{t('store.leftAfterBuying')}</Text>
        <Text c={balance - total < 0 ? 'red' : 'dimmed'}>{pts(balance - total)}</Text>
      </Group>
    </Stack>
  );
}
