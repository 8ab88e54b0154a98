import { useRef, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fullName, orderTotal } from '@app/domain';
import {
  afterOrder,
  balances,
  orders,
  periods,
  products,
  queryKeys,
  unwrap,
  type PlaceOrderBody,
  type PlaceOrderResult,
} from '../../api';
import { TableScroll } from '../../components/ScrollRegion';
import { usePeriods } from '../../session';
import { maxQuantity } from './cartMath';
import { attemptFor, type Attempt } from '../../api/idempotency';
import { useFormat, useT } from '../../i18n';
import { Rich } from '../../components/Rich';
import { points } from './words';

/**
 * A teacher orders from their own store for a student of their classes: choose the class and the
 * student, the quantities, then confirm. The student's points pay; the server says when they are short.
 */
export function OrderForStudent() {
  const t = useT();
  const f = useFormat();
  const queryClient = useQueryClient();
  const classes = usePeriods();
  const [periodId, setPeriodId] = useState<string | null>(null);
  const [studentId, setStudentId] = useState<string | null>(null);
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [confirming, setConfirming] = useState(false);
  const [placed, setPlaced] = useState<PlaceOrderResult | null>(null);
  const attempt = useRef<Attempt | null>(null);

  const roster = useQuery({
    queryKey: queryKeys.period.one(periodId ?? ''),
    queryFn: () => unwrap(periods.get(periodId!)),
    enabled: periodId !== null,
  });
  const mine = useQuery({
    queryKey: queryKeys.products.teacher,
    queryFn: () => unwrap(products.teacherStore()),
  });
  const balance = useQuery({
    queryKey: queryKeys.balanceOf(studentId ?? ''),
    queryFn: () => unwrap(balances.stats(studentId!)),
    enabled: studentId !== null,
  });
  const place = useMutation({
    mutationFn: ({ body, key }: { body: PlaceOrderBody; key: string }) =>
      unwrap(orders.place(body, key)),
    onSuccess: (r) => {
      attempt.current = null;
      setPlaced(r);
      setConfirming(false);
      setQuantities({});
      void afterOrder(queryClient);
    },
  });

  const forSale = (mine.data ?? []).filter((p) => p.active && (p.stock === null || p.stock > 0));
  const student = roster.data?.students.find((s) => s._id === studentId) ?? null;
  const lines = forSale
    .filter((p) => (quantities[p._id] ?? 0) > 0)
    .map((p) => ({ product: p, quantity: quantities[p._id]! }));
  const total = orderTotal(lines);
  const itemLines = (items: { quantity: number; name: string }[]) =>
    items.map((i) => t('store.line', { quantity: i.quantity, name: i.name })).join(', ');

  const submit = () => {
    if (!studentId) return;
    const body: PlaceOrderBody = {
      studentId,
      orderItems: lines.map((l) => ({ productId: l.product._id, quantity: l.quantity })),
    };
    attempt.current = attemptFor(attempt.current, body);
    place.mutate({ body, key: attempt.current.key });
  };

  return (
    <Card p="lg">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('store.orderForStudent')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('store.orderForStudentExplain')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('store.class')}
            placeholder={t('store.chooseClass')}
            data={(classes.data ?? []).map((c) => ({ value: c._id, label: c.label }))}
            value={periodId}
            onChange={(v) => {
              setPeriodId(v);
              setStudentId(null);
              setPlaced(null);
            }}
          />
          <Select
            label={t('store.student')}
            placeholder={periodId ? t('store.chooseStudent') : t('store.chooseClassFirst')}
            searchable
            disabled={!roster.data}
            data={(roster.data?.students ?? []).map((s) => ({
              value: s._id,
              label: t('store.studentOption', { lastName: s.lastName, firstName: s.firstName }),
            }))}
            value={studentId}
            onChange={(v) => {
              setStudentId(v);
              setPlaced(null);
              place.reset();
            }}
          />
        </SimpleGrid>
        {student && balance.data ? (
          <Text fz="sm">
            <Rich
              k="store.studentHas"
              values={{ name: fullName(student), balance: balance.data.balance }}
            />
          </Text>
        ) : null}
        {forSale.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {t('store.nothingForSaleYours')}
          </Text>
        ) : (
          <TableScroll label={t('store.yourProducts')} minWidth={420}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('store.product')}</Table.Th>
                  <Table.Th>{t('store.price')}</Table.Th>
                  <Table.Th>{t('store.quantity')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {forSale.map((p) => (
                  <Table.Tr key={p._id}>
                    <Table.Td>{p.name}</Table.Td>
                    <Table.Td>{points(t, p.price)}</Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={t('store.quantityOf', { name: p.name })}
                        min={0}
                        max={maxQuantity(p)}
                        allowDecimal={false}
                        allowNegative={false}
                        clampBehavior="strict"
                        w={90}
                        value={quantities[p._id] ?? 0}
                        onChange={(v) => setQuantities((q) => ({ ...q, [p._id]: Number(v) || 0 }))}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
        {placed ? (
          <Alert color="teal" variant="light" title={t('store.orderPlaced')} role="status">
            {t(
              placed.orders[0]?.estimatedDelivery
                ? 'store.placedSummaryDelivery'
                : 'store.placedSummary',
              {
                orders: placed.orders
                  .map((o) =>
                    t('store.placedFor', {
                      lines: itemLines(o.orderItems),
                      name: fullName(o.student),
                      total: o.total,
                    }),
                  )
                  .join('; '),
                date: placed.orders[0]?.estimatedDelivery
                  ? f.longDate(placed.orders[0].estimatedDelivery)
                  : null,
                balance: placed.balance,
              },
            )}
          </Alert>
        ) : null}
        {place.isError ? (
          <Alert color="red" variant="light" title={t('store.notOrdered')}>
            {place.error.message}
          </Alert>
        ) : null}
        {confirming && student ? (
          <Stack gap="xs" role="group" aria-label={t('store.pleaseConfirm')}>
            <Text fw={600}>
              {t('store.confirmOrderFor', {
                lines: itemLines(
                  lines.map((l) => ({ quantity: l.quantity, name: l.product.name })),
                ),
                name: fullName(student),
                total,
              })}
            </Text>
            <Group>
              <Button onClick={submit} loading={place.isPending}>
                {place.isError ? t('common.retry') : t('store.yesOrder')}
              </Button>
              <Button
                variant="default"
                onClick={() => (setConfirming(false), place.reset())}
                disabled={place.isPending}
              >
                {t('common.back')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Group>
            <Button
              onClick={() => (setConfirming(true), setPlaced(null))}
              disabled={!student || lines.length === 0}
            >
              {student && lines.length
                ? t('store.orderForName', { name: fullName(student), total })
                : t('store.orderForTheStudent')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
