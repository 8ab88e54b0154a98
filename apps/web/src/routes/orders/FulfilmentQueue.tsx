import '@mantine/dates/styles.css';
import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  CloseButton,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  gradeLabel,
  longDate,
  ORDER_STATUSES,
  matchesName,
  todayIn,
  type OrderStatus,
  type OrderStatusFilter,
} from '@app/domain';
import {
  afterOrderChange,
  orders,
  queryKeys,
  unwrap,
  type Order,
  type OrderFilters,
  type SessionUser,
  type StoreManagerMeta,
} from '../../api';
import { shortDate } from '../../components/ActivityTable';
import { Page } from '../../components/Page';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { STATUS_LABELS } from './OrderStatusBadge';
import { download } from '../../components/download';
import { ordersCsv } from './csv';
import { StaffOrderActions } from './OrderActions';
import { OrdersTable } from './OrdersTable';
import { PickList } from './PickList';
import { Pickup } from './Pickup';

/** How often the queue asks again: a student's new order shows within this long. */
const QUEUE_REFRESH_MS = 4_000;

const ALL = '';

const FILTER_TITLES = {
  ALL: 'All',
  ACTIVE: 'All but canceled',
  OPEN: 'Pending and ready for pickup',
} as const;

function statusOptions(meta: StoreManagerMeta | undefined) {
  const count = (s: OrderStatus) => (meta ? ` (${meta.counts[s]})` : '');
  const open = meta
    ? meta.counts.PENDING + meta.counts.PACKAGED + meta.counts.REDEEMED + meta.counts.REFUNDED
    : null;
  const toHandOut = meta ? ` (${meta.counts.PENDING + meta.counts.PACKAGED})` : '';
  return [
    { value: 'OPEN', label: `Pending and ready for pickup${toHandOut}` },
    { value: 'ALL', label: 'All statuses' },
    { value: 'ACTIVE', label: `All but canceled${open !== null ? ` (${open})` : ''}` },
    ...ORDER_STATUSES.map((s) => ({ value: s, label: `${STATUS_LABELS[s]}${count(s)}` })),
  ];
}

function dateOptions(meta: StoreManagerMeta | undefined) {
  const dates = new Set([
    ...(meta?.estimatedDeliveries ?? []),
    ...(meta?.deliveryDates.map((d) => d.date) ?? []),
  ]);
  return [
    { value: ALL, label: 'All dates' },
    ...[...dates].sort().map((d) => ({ value: d, label: longDate(d) })),
  ];
}

/** The selected orders' new status and estimated delivery, for every selected student at once. */
function BulkBar({
  chosen,
  onDone,
  today,
}: {
  chosen: Order[];
  onDone: () => void;
  today: string;
}) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<OrderStatus>('PACKAGED');
  const [date, setDate] = useState<string | null>(null);
  const apply = useMutation({
    mutationFn: () =>
      unwrap(
        orders.setStatus({
          status,
          users: [...new Set(chosen.map((o) => o.studentId))],
          orderIds: chosen.map((o) => o._id),
          ...(date ? { estimatedDelivery: date } : {}),
        }),
      ),
    onSuccess: () => {
      void afterOrderChange(queryClient);
      onDone();
    },
  });
  const result = apply.data;
  return (
    <Paper
      withBorder
      p="sm"
      bg="var(--mantine-color-grape-light)"
      role="group"
      aria-label="Change the selected orders"
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Text fw={600} mb={6}>
          {chosen.length} {chosen.length === 1 ? 'order' : 'orders'} selected
        </Text>
        <Select
          label="Set status"
          data={ORDER_STATUSES.filter((s) => s !== 'PENDING').map((s) => ({
            value: s,
            label: STATUS_LABELS[s],
          }))}
          value={status}
          onChange={(v) => v && setStatus(v as OrderStatus)}
          allowDeselect={false}
          w={160}
        />
        <DateInput
          label="Estimated delivery"
          placeholder="Keep as is"
          value={date}
          onChange={setDate}
          minDate={today}
          clearable
          w={200}
        />
        <Button onClick={() => apply.mutate()} loading={apply.isPending}>
          Apply
        </Button>
        <Button variant="default" onClick={onDone}>
          Clear selection
        </Button>
      </Group>
      {apply.isError ? (
        <Alert mt="sm" color="red" variant="light" title="Not changed">
          {apply.error.message}
        </Alert>
      ) : null}
      {result && result.skipped > 0 ? (
        <Text mt="xs" fz="sm" role="status">
          {result.updated} changed; {result.skipped} could not move to{' '}
          {STATUS_LABELS[status].toLowerCase()} from their status.
        </Text>
      ) : null}
    </Paper>
  );
}

/**
 * The store managers' and assistants' queue of school-store orders: filters (status, delivery
 * date, grade, name), many at once (status and estimated delivery), one at a time (package,
 * redeem, cancel, refund), pickup by student, a printable pick list and a CSV of what is shown.
 * It asks the server again every few seconds, so new orders appear by themselves.
 */
export function FulfilmentQueue({ user }: { user: SessionUser }) {
  // Packaged orders stay in view beside pending ones until they are handed over (docs/decisions/105-fulfilment-queue-and-redeem.md).
  const [status, setStatus] = useState<OrderStatusFilter>('OPEN');
  const [deliveryDate, setDeliveryDate] = useState(ALL);
  const [grade, setGrade] = useState(ALL);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const filters: OrderFilters = {
    status,
    store: 'School',
    ...(deliveryDate ? { deliveryDate } : {}),
    ...(grade ? { gradeLevel: grade } : {}),
  };
  const meta = useQuery({
    queryKey: queryKeys.orders.managerMeta,
    queryFn: () => unwrap(orders.managerMeta()),
    refetchInterval: QUEUE_REFRESH_MS,
  });
  const list = useQuery({
    queryKey: queryKeys.orders.ofStore(filters),
    queryFn: () => unwrap(orders.ofStore(filters)),
    refetchInterval: QUEUE_REFRESH_MS,
    placeholderData: (p) => p,
  });
  const q = search.trim();
  const shown = (list.data ?? []).filter(
    (o) => !q || o.student.externalId === q || matchesName(o.student, q),
  );
  const chosen = shown.filter((o) => selected.has(o._id));
  const today = todayIn(user.school.timeZone);
  const title = `${STATUS_LABELS[status as OrderStatus] ?? FILTER_TITLES[status as 'ALL' | 'ACTIVE' | 'OPEN']} orders${deliveryDate ? `, delivery ${shortDate(deliveryDate)}` : ''}${grade ? `, ${gradeLabel(grade)}` : ''}`;

  const exportCsv = () =>
    download(
      `orders-${status.toLowerCase()}${deliveryDate ? `-${deliveryDate}` : ''}${grade ? `-grade-${grade}` : ''}-${today}.csv`,
      ordersCsv(shown),
    );
  const reset = (f: () => void) => {
    f();
    setSelected(new Set());
  };

  return (
    <Page>
      <PageHeader
        title="Orders"
        description="The school store's orders: pack them, set delivery dates and hand them out."
        actions={
          <Group gap="sm">
            <Button variant="default" onClick={() => window.print()} disabled={!shown.length}>
              Print pick list
            </Button>
            <Button variant="default" onClick={exportCsv} disabled={!shown.length}>
              Export CSV
            </Button>
          </Group>
        }
      />
      <Stack gap="lg">
        <Pickup />
        <Card p="lg">
          <Stack gap="md">
            <Group justify="space-between" align="baseline">
              <Title order={2} fz="lg">
                Queue
              </Title>
              <Text fz="xs" c="dimmed" aria-live="off">
                Updates by itself every few seconds
                {list.dataUpdatedAt
                  ? ` · ${new Date(list.dataUpdatedAt).toLocaleTimeString('en-US')}`
                  : ''}
              </Text>
            </Group>
            <Group align="flex-end" gap="sm" wrap="wrap">
              <Select
                label="Status"
                data={statusOptions(meta.data)}
                value={status}
                onChange={(v) => reset(() => setStatus((v as OrderStatusFilter) ?? 'ALL'))}
                allowDeselect={false}
                w={270}
              />
              <Select
                label="Delivery date"
                data={dateOptions(meta.data)}
                value={deliveryDate}
                onChange={(v) => reset(() => setDeliveryDate(v ?? ALL))}
                allowDeselect={false}
                w={220}
              />
              <Select
                label="Grade"
                data={[
                  { value: ALL, label: 'All grades' },
                  ...(meta.data?.gradeLevels ?? []).map((g) => ({
                    value: g,
                    label: gradeLabel(g),
                  })),
                ]}
                value={grade}
                onChange={(v) => reset(() => setGrade(v ?? ALL))}
                allowDeselect={false}
                w={170}
              />
              <TextInput
                label="Student"
                placeholder="Name or ID"
                value={search}
                onChange={(e) => reset(() => setSearch(e.currentTarget.value))}
                rightSection={
                  search ? (
                    <CloseButton
                      aria-label="Clear student filter"
                      onClick={() => reset(() => setSearch(''))}
                    />
                  ) : null
                }
                w={200}
              />
            </Group>
            {chosen.length ? (
              <BulkBar chosen={chosen} today={today} onDone={() => setSelected(new Set())} />
            ) : null}
            <QueryState query={list} loading="Loading orders" size="section">
              {() =>
                shown.length === 0 ? (
                  <Text c="dimmed" ta="center" py="lg">
                    No orders match these filters.
                  </Text>
                ) : (
                  <OrdersTable
                    orders={shown}
                    caption={`${title}: ${shown.length} ${shown.length === 1 ? 'order' : 'orders'}, newest first`}
                    selected={selected}
                    onSelect={setSelected}
                    actions={(o) => <StaffOrderActions order={o} />}
                  />
                )
              }
            </QueryState>
          </Stack>
        </Card>
      </Stack>
      <PickList orders={shown} title={title} />
    </Page>
  );
}
