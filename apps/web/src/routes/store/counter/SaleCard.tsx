import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Card,
  Divider,
  Group,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { BadgeStudent, CounterProduct } from '@app/domain';
import { points } from '../words';
import { useT } from '../../../i18n';
import { ProductPicker } from './ProductPicker';
import { canAddOne, priced, quantityOf, setQuantity, type Lines } from './saleMath';

interface Props {
  student: BadgeStudent;
  /** The student's balance as the counter knows it. */
  balance: number;
  products: readonly CounterProduct[];
  /** Sells the lines; resolves once the sale is done with (sold, kept or refused). */
  onSell: (lines: Lines, total: number) => Promise<void>;
}

/** − n + for a line of the sale; the buttons name the product, the count is announced. */
function LineStepper({
  name,
  quantity,
  onChange,
  canAdd,
}: {
  name: string;
  quantity: number;
  onChange: (q: number) => void;
  canAdd: boolean;
}) {
  const t = useT();
  return (
    <Group gap={6} wrap="nowrap">
      <ActionIcon
        variant="default"
        size="lg"
        onClick={() => onChange(quantity - 1)}
        aria-label={
          quantity === 1
            ? t('store.counter.remove', { name })
            : t('store.counter.oneLess', { name })
        }
      >
        <Text fw={700} aria-hidden>
          {t('store.stepDown')}
        </Text>
      </ActionIcon>
      <Text fw={700} miw={24} ta="center" aria-live="polite">
        <span aria-hidden>{quantity}</span>
        <VisuallyHidden>{t('store.counter.inSale', { quantity, name })}</VisuallyHidden>
      </Text>
      <ActionIcon
        variant="default"
        size="lg"
        onClick={() => onChange(quantity + 1)}
        disabled={!canAdd}
        aria-label={t('store.counter.oneMore', { name })}
      >
        <Text fw={700} aria-hidden>
          {t('store.stepUp')}
        </Text>
      </ActionIcon>
    </Group>
  );
}

/** The sale being made for the student: what is in it, the total, the balance after, Sell. */
export function SaleCard({ student, balance, products, onSell }: Props) {
  const t = useT();
  const [lines, setLines] = useState<Lines>([]);
  const [busy, setBusy] = useState(false);
  const { rows, total } = priced(lines, products);
  const after = balance - total;
  const short = rows.length > 0 && after < 0;
  const name = student.name;
  const sell = async () => {
    setBusy(true);
    try {
      await onSell(
        rows.map((r) => ({ productId: r.product._id, quantity: r.quantity })),
        total,
      );
      setLines([]);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Title order={2} fz="h3">
          {t('store.counter.saleTitle')}
        </Title>
        <ProductPicker
          products={products}
          canAdd={(p) => canAddOne(lines, p)}
          onAdd={(p) => setLines((ls) => setQuantity(ls, p._id, quantityOf(ls, p._id) + 1))}
        />
        <Divider />
        {rows.length === 0 ? (
          <Text c="dimmed" fz="sm">
            {t('store.counter.saleEmpty', { name })}
          </Text>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {rows.map((r) => (
              <li key={r.product._id}>
                {/* The name on a line of its own: a phone has no room for it beside the stepper. */}
                <Text fw={600}>{r.product.name}</Text>
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <LineStepper
                    name={r.product.name}
                    quantity={r.quantity}
                    canAdd={canAddOne(lines, r.product)}
                    onChange={(q) => setLines((ls) => setQuantity(ls, r.product._id, q))}
                  />
                  <Text ta="right">{points(t, r.amount)}</Text>
                </Group>
              </li>
            ))}
          </Stack>
        )}
        <Divider />
        <Group justify="space-between">
          <Text fw={700}>{t('store.counter.total')}</Text>
          <Text fw={700} data-testid="counter-total">
            {points(t, total)}
          </Text>
        </Group>
        <Group justify="space-between">
          <Text>{t('store.counter.balanceAfter')}</Text>
          <Text c={short ? 'red.8' : undefined}>{points(t, after)}</Text>
        </Group>
        {short ? (
          <Text c="red.8" fz="sm" role="status">
            {t('store.counter.notEnough', { name, amount: points(t, balance) })}
          </Text>
        ) : null}
        <Button
          size="md"
          fullWidth
          onClick={() => void sell()}
          loading={busy}
          disabled={rows.length === 0 || short}
        >
          {t('store.counter.sell', { name })}
        </Button>
        {rows.length > 0 ? (
          <Group justify="flex-end">
            <Button variant="subtle" onClick={() => setLines([])}>
              {t('store.counter.clearSale')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
