import { useRef, useState, type Dispatch, type SetStateAction } from 'react';
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
  api,
  queryKeys,
  unwrap,
  type PlaceOrderBody,
  type PlaceOrderResult,
  type Product,
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
  const o = useOrderForStudent();
  const { place, student, lines, total } = o;
  return (
    <Card p="lg">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('store.orderForStudent')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('store.orderForStudentExplain')}
        </Text>
        <ClassAndStudent
          classes={o.classes.data ?? []}
          students={o.roster.data?.students ?? null}
          periodId={o.periodId}
          studentId={o.studentId}
          onClass={(v) => {
            o.setPeriodId(v);
            o.setStudentId(null);
            o.setPlaced(null);
          }}
          onStudent={(v) => {
            o.setStudentId(v);
            o.setPlaced(null);
            place.reset();
          }}
        />
        {student && o.balance.data ? (
          <Text fz="sm">
            <Rich
              k="store.studentHas"
              values={{ name: fullName(student), balance: o.balance.data.balance }}
            />
          </Text>
        ) : null}
        {o.forSale.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {t('store.nothingForSaleYours')}
          </Text>
        ) : (
          <QuantityTable
            forSale={o.forSale}
            quantities={o.quantities}
            setQuantities={o.setQuantities}
          />
        )}
        {o.placed ? <PlacedSummary placed={o.placed} /> : null}
        {place.isError ? <NotOrdered message={place.error.message} /> : null}
        {o.confirming && student ? (
          <Stack gap="xs" role="group" aria-label={t('store.pleaseConfirm')}>
            <Text fw={600}>
              {t('store.confirmOrderFor', {
                lines: o.itemLines(
                  lines.map((l) => ({ quantity: l.quantity, name: l.product.name })),
                ),
                name: fullName(student),
                total,
              })}
            </Text>
            <Group>
              <Button onClick={o.submit} loading={place.isPending}>
                {place.isError ? t('common.retry') : t('store.yesOrder')}
              </Button>
              <Button
                variant="default"
                onClick={() => (o.setConfirming(false), place.reset())}
                disabled={place.isPending}
              >
                {t('common.back')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Group>
            <Button
              onClick={() => (o.setConfirming(true), o.setPlaced(null))}
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

/** The class, the student and the quantities chosen, their balance, and placing the order (once per attempt). */
function useOrderForStudent() {
  const t = useT();
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
    queryFn: () => unwrap(api.periods.get({ params: { id: periodId! } })),
    enabled: periodId !== null,
  });
  const mine = useQuery({
    queryKey: queryKeys.products.teacher,
    queryFn: () => unwrap(api.products.teacherStore()),
  });
  const balance = useQuery({
    queryKey: queryKeys.balanceOf(studentId ?? ''),
    queryFn: () => unwrap(api.utility.balanceStats({ query: { studentId: studentId! } })),
    enabled: studentId !== null,
  });
  const place = useMutation({
    mutationFn: ({ body, key }: { body: PlaceOrderBody; key: string }) =>
      unwrap(api.order.place({ body, headers: { 'idempotency-key': key } })),
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
  const itemLines = (items: { quantity: number; name: string }[]) => linesText(t, items);

  const submit = () => {
    if (!studentId) return;
    const body: PlaceOrderBody = {
      studentId,
      orderItems: lines.map((l) => ({ productId: l.product._id, quantity: l.quantity })),
    };
    attempt.current = attemptFor(attempt.current, body);
    place.mutate({ body, key: attempt.current.key });
  };

  return {
    classes,
    periodId,
    setPeriodId,
    studentId,
    setStudentId,
    quantities,
    setQuantities,
    confirming,
    setConfirming,
    placed,
    setPlaced,
    roster,
    balance,
    place,
    forSale,
    student,
    lines,
    total,
    itemLines,
    submit,
  };
}

/** "2 × Pencil, 1 × Hoodie". */
const linesText = (t: ReturnType<typeof useT>, items: { quantity: number; name: string }[]) =>
  items.map((i) => t('store.line', { quantity: i.quantity, name: i.name })).join(', ');

/** The teacher's products for sale, each with its quantity to order. */
function QuantityTable({
  forSale,
  quantities,
  setQuantities,
}: {
  forSale: Product[];
  quantities: Record<string, number>;
  setQuantities: Dispatch<SetStateAction<Record<string, number>>>;
}) {
  const t = useT();
  return (
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
  );
}

/** The orders placed, for whom, when they come, and the student's balance now. */
function PlacedSummary({ placed }: { placed: PlaceOrderResult }) {
  const t = useT();
  const f = useFormat();
  return (
    <Alert color="teal" variant="light" title={t('store.orderPlaced')} role="status">
      {t(
        placed.orders[0]?.estimatedDelivery ? 'store.placedSummaryDelivery' : 'store.placedSummary',
        {
          orders: placed.orders
            .map((o) =>
              t('store.placedFor', {
                lines: linesText(t, o.orderItems),
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
  );
}

/** The class, then one of its students. */
function ClassAndStudent({
  classes,
  students,
  periodId,
  studentId,
  onClass,
  onStudent,
}: {
  classes: { _id: string; label: string }[];
  /** The class's students; null until a class is chosen and read. */
  students: { _id: string; firstName: string; lastName: string }[] | null;
  periodId: string | null;
  studentId: string | null;
  onClass: (periodId: string | null) => void;
  onStudent: (studentId: string | null) => void;
}) {
  const t = useT();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Select
        label={t('store.class')}
        placeholder={t('store.chooseClass')}
        data={classes.map((c) => ({ value: c._id, label: c.label }))}
        value={periodId}
        onChange={onClass}
      />
      <Select
        label={t('store.student')}
        placeholder={periodId ? t('store.chooseStudent') : t('store.chooseClassFirst')}
        searchable
        disabled={!students}
        data={(students ?? []).map((s) => ({
          value: s._id,
          label: t('store.studentOption', { lastName: s.lastName, firstName: s.firstName }),
        }))}
        value={studentId}
        onChange={onStudent}
      />
    </SimpleGrid>
  );
}

function NotOrdered({ message }: { message: string }) {
  const t = useT();
  return (
    <Alert color="red" variant="light" title={t('store.notOrdered')}>
      {message}
    </Alert>
  );
}
