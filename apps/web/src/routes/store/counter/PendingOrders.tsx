import { useState } from 'react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@app/domain';
import { afterOrderChange, api, unwrap } from '../../../api';
import { FormAlert, type FormResult } from '../../../components/FormAlert';
import { points } from '../words';
import { useT } from '../../../i18n';
import { OrderStatusBadge } from '../../../components/orders/OrderStatusBadge';
import { usePlacedOn } from '../../../components/orders/words';

/** "2 × Pencil, 1 × Sticker". */
function useItemsLine(): (o: Pick<Order, 'orderItems'>) => string {
  const t = useT();
  return (o) =>
    o.orderItems
      .map((i) => t('store.counter.itemLine', { quantity: i.quantity, name: i.name }))
      .join(', ');
}

/** The student's school-store orders waiting to be handed over, each with Hand over (it is redeemed). */
export function PendingOrders({ orders, name }: { orders: Order[]; name: string }) {
  const t = useT();
  const queryClient = useQueryClient();
  const placedOn = usePlacedOn();
  const itemsLine = useItemsLine();
  const [result, setResult] = useState<FormResult | null>(null);
  const handOver = useMutation({
    mutationFn: (id: string) => unwrap(api.counter.handOver({ params: { id } })),
    onSuccess: async () => {
      setResult({ ok: true, text: t('store.counter.handedOver', { name }) });
      await afterOrderChange(queryClient);
    },
    onError: (err) => setResult({ ok: false, text: err.message }),
  });
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t('store.counter.pendingTitle')}
        </Title>
        <FormAlert text={result?.text} ok={result?.ok} />
        {orders.length === 0 ? (
          <Text c="dimmed" fz="sm">
            {t('store.counter.noPending')}
          </Text>
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
            {orders.map((o) => {
              const when = placedOn(o);
              return (
                <li key={o._id}>
                  <Group justify="space-between" wrap="nowrap" align="center" gap="sm">
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Text fw={600}>{itemsLine(o)}</Text>
                      <Group gap="xs">
                        <OrderStatusBadge status={o.status} />
                        <Text fz="sm" c="dimmed">
                          {t('store.counter.twoParts', {
                            first: points(t, o.total),
                            second: t('store.counter.orderOf', { when }),
                          })}
                        </Text>
                      </Group>
                    </Stack>
                    <Button
                      onClick={() => {
                        setResult(null);
                        handOver.mutate(o._id);
                      }}
                      loading={handOver.isPending && handOver.variables === o._id}
                      aria-label={t('store.counter.handOverAria', { when, name })}
                    >
                      {t('store.counter.handOver')}
                    </Button>
                  </Group>
                </li>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
