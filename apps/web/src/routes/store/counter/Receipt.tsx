import { useState } from 'react';
import { Button, Card, Divider, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CounterSale } from '@app/domain';
import { afterOrderChange, api, newIdempotencyKey, unwrap } from '../../../api';
import { FormAlert } from '../../../components/FormAlert';
import { points } from '../words';
import { useT } from '../../../i18n';
import { usePlacedOn } from '../../../components/orders/words';

/**
 * The last sale's receipt: what was sold, the total, the balance after, and Refund (asked to confirm):
 * the Merits go back to the student and the items to the store. One Idempotency-Key per receipt, so a
 * refund retried after a lost answer refunds once.
 */
export function Receipt({ sale, name }: { sale: CounterSale; name: string }) {
  const t = useT();
  const queryClient = useQueryClient();
  const placedOn = usePlacedOn();
  const [key] = useState(newIdempotencyKey);
  const [asking, setAsking] = useState(false);
  const refund = useMutation({
    mutationFn: () =>
      unwrap(
        api.counter.refund({
          params: { id: sale.order._id },
          headers: { 'idempotency-key': key },
        }),
      ),
    onSuccess: () => afterOrderChange(queryClient),
  });
  const { order } = sale;
  const amount = points(t, order.total);
  const refunded = refund.data;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="counter-receipt">
      <Stack gap="sm">
        <Title order={2} fz="h3" id="counter-receipt">
          {t('store.counter.receiptTitle')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('store.counter.soldTo', { name, when: placedOn(order) })}
        </Text>
        <Table>
          <Table.Tbody>
            {order.orderItems.map((i) => (
              <Table.Tr key={i.productId}>
                <Table.Td>
                  {t('store.counter.itemLine', { quantity: i.quantity, name: i.name })}
                </Table.Td>
                <Table.Td ta="right">{points(t, i.price * i.quantity)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="space-between">
          <Text fw={700}>{t('store.counter.total')}</Text>
          <Text fw={700}>{amount}</Text>
        </Group>
        <Group justify="space-between">
          <Text>{t('store.counter.balanceAfter')}</Text>
          <Text data-testid="receipt-balance">{points(t, sale.balance)}</Text>
        </Group>
        <Divider />
        {refunded ? (
          <>
            <FormAlert ok text={t('store.counter.refunded', { amount, name })} />
            <Group justify="space-between">
              <Text>{t('store.counter.balanceNow')}</Text>
              <Text>{points(t, refunded.balance)}</Text>
            </Group>
          </>
        ) : asking ? (
          <Stack gap="xs">
            <Text>{t('store.counter.refundConfirm', { amount, name })}</Text>
            <FormAlert text={refund.error?.message} />
            <Group gap="sm">
              <Button color="red" onClick={() => refund.mutate()} loading={refund.isPending}>
                {t('store.counter.refundYes')}
              </Button>
              <Button variant="default" onClick={() => setAsking(false)}>
                {t('common.cancel')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Group>
            <Button
              variant="default"
              onClick={() => setAsking(true)}
              aria-label={t('store.counter.refundAria', { name })}
            >
              {t('store.counter.refund')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
