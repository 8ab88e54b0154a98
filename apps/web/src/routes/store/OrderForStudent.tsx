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
import { fullName, longDate, orderTotal } from '@app/domain';
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
import { formatPoints } from '../../components/points';
import { TableScroll } from '../../components/ScrollRegion';
import { usePeriods } from '../../session';
import { maxQuantity } from './cartMath';
import { attemptFor, type Attempt } from '../../api/idempotency';

const pts = (n: number) => `${formatPoints(n)} ${n === 1 ? 'point' : 'points'}`;

/**
 * A teacher orders from their own store for a student of their classes: choose the class and the
 * student, the quantities, then confirm. The student's points pay; the server says when they are short.
 */
export function OrderForStudent() {
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
          Order for a student
        </Title>
        <Text fz="sm" c="dimmed">
          From your store, paid with the student&apos;s points. The order shows in your Orders and
          in the student&apos;s My Orders.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Class"
            placeholder="Choose a class"
            data={(classes.data ?? []).map((c) => ({ value: c._id, label: c.label }))}
            value={periodId}
            onChange={(v) => {
              setPeriodId(v);
              setStudentId(null);
              setPlaced(null);
            }}
          />
          <Select
            label="Student"
            placeholder={periodId ? 'Choose a student' : 'Choose a class first'}
            searchable
            disabled={!roster.data}
            data={(roster.data?.students ?? []).map((s) => ({
              value: s._id,
              label: `${s.lastName}, ${s.firstName}`,
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
            {fullName(student)} has <b>{pts(balance.data.balance)}</b>.
          </Text>
        ) : null}
        {forSale.length === 0 ? (
          <Text fz="sm" c="dimmed">
            Your store has nothing for sale yet: add a product above.
          </Text>
        ) : (
          <TableScroll label="Your products" minWidth={420}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Product</Table.Th>
                  <Table.Th>Price</Table.Th>
                  <Table.Th>Quantity</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {forSale.map((p) => (
                  <Table.Tr key={p._id}>
                    <Table.Td>{p.name}</Table.Td>
                    <Table.Td>{pts(p.price)}</Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={`Quantity of ${p.name}`}
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
          <Alert color="teal" variant="light" title="Order placed" role="status">
            {placed.orders
              .map(
                (o) =>
                  `${o.orderItems.map((i) => `${i.quantity} × ${i.name}`).join(', ')} for ${fullName(o.student)}, ${pts(o.total)}`,
              )
              .join('; ')}
            .
            {placed.orders[0]?.estimatedDelivery
              ? ` Delivery ${longDate(placed.orders[0].estimatedDelivery)}.`
              : ''}{' '}
            Their balance now: {pts(placed.balance)}.
          </Alert>
        ) : null}
        {place.isError ? (
          <Alert color="red" variant="light" title="Not ordered">
            {place.error.message}
          </Alert>
        ) : null}
        {confirming && student ? (
          <Stack gap="xs" role="group" aria-label="Please confirm">
            <Text fw={600}>
              Order {lines.map((l) => `${l.quantity} × ${l.product.name}`).join(', ')} for{' '}
              {fullName(student)} ({pts(total)})?
            </Text>
            <Group>
              <Button onClick={submit} loading={place.isPending}>
                {place.isError ? 'Try again' : 'Yes, order'}
              </Button>
              <Button
                variant="default"
                onClick={() => (setConfirming(false), place.reset())}
                disabled={place.isPending}
              >
                Back
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
                ? `Order for ${fullName(student)} (${pts(total)})`
                : 'Order for the student'}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
