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
  ORDER_STATUSES,
  matchesName,
  todayIn,
  type MessageKey,
  type OrderStatus,
  type OrderStatusFilter,
} from '@app/domain';
import {
  afterOrderChange,
  api,
  queryKeys,
  unwrap,
  type Order,
  type OrderFilters,
  type SessionUser,
  type StoreManagerMeta,
} from '../../api';
import { Page } from '../../components/Page';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { download } from '../../components/download';
import { useFormat, useT } from '../../i18n';
import type { Translate } from '../../i18n/useT';
import { ordersCsv } from './csv';
import { StaffOrderActions } from './OrderActions';
import { OrdersTable } from './OrdersTable';
import { PickList } from './PickList';
import { Pickup } from './Pickup';
import { gradeName, STATUS_KEYS } from '../../components/orders/words';

/** How often the queue asks again: a student's new order shows within this long. */
const QUEUE_REFRESH_MS = 4_000;

const ALL = '';

/** The queue's table title for each filter ("Pending orders"). */
const TITLE_KEYS: Record<OrderStatusFilter, MessageKey> = {
  ALL: 'orders.titleAll',
  ACTIVE: 'orders.titleActive',
  OPEN: 'orders.titleOpen',
  PENDING: 'orders.titlePending',
  PACKAGED: 'orders.titlePackaged',
  REDEEMED: 'orders.titleRedeemed',
  CANCELED: 'orders.titleCanceled',
  REFUNDED: 'orders.titleRefunded',
};

function statusOptions(t: Translate, meta: StoreManagerMeta | undefined) {
  const counted = (label: string, count: number | null) =>
    count === null ? label : t('orders.withCount', { label, count });
  const open = meta
    ? meta.counts.PENDING + meta.counts.PACKAGED + meta.counts.REDEEMED + meta.counts.REFUNDED
    : null;
  const toHandOut = meta ? meta.counts.PENDING + meta.counts.PACKAGED : null;
  return [
    { value: 'OPEN', label: counted(t('orders.filterOpen'), toHandOut) },
    { value: 'ALL', label: t('orders.filterAllStatuses') },
    { value: 'ACTIVE', label: counted(t('orders.filterActive'), open) },
    ...ORDER_STATUSES.map((s) => ({
      value: s,
      label: counted(t(STATUS_KEYS[s]), meta ? meta.counts[s] : null),
    })),
  ];
}

function dateOptions(
  t: Translate,
  longDate: (d: string) => string,
  meta: StoreManagerMeta | undefined,
) {
  const dates = new Set([
    ...(meta?.estimatedDeliveries ?? []),
    ...(meta?.deliveryDates.map((d) => d.date) ?? []),
  ]);
  return [
    { value: ALL, label: t('orders.allDates') },
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
  const t = useT();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<OrderStatus>('PACKAGED');
  const [date, setDate] = useState<string | null>(null);
  const apply = useMutation({
    mutationFn: () =>
      unwrap(
        api.order.setStatus({
          body: {
            status,
            users: [...new Set(chosen.map((o) => o.studentId))],
            orderIds: chosen.map((o) => o._id),
            ...(date ? { estimatedDelivery: date } : {}),
          },
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
      aria-label={t('orders.changeSelected')}
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Text fw={600} mb={6}>
          {t('orders.selectedCount', { count: chosen.length })}
        </Text>
        <Select
          label={t('orders.setStatus')}
          data={ORDER_STATUSES.filter((s) => s !== 'PENDING').map((s) => ({
            value: s,
            label: t(STATUS_KEYS[s]),
          }))}
          value={status}
          onChange={(v) => v && setStatus(v as OrderStatus)}
          allowDeselect={false}
          w={160}
        />
        <DateInput
          label={t('orders.estimatedDelivery')}
          placeholder={t('orders.keepAsIs')}
          value={date}
          onChange={setDate}
          minDate={today}
          clearable
          w={200}
        />
        <Button onClick={() => apply.mutate()} loading={apply.isPending}>
          {t('orders.apply')}
        </Button>
        <Button variant="default" onClick={onDone}>
          {t('orders.clearSelection')}
        </Button>
      </Group>
      {apply.isError ? (
        <Alert mt="sm" color="red" variant="light" title={t('orders.notChanged')}>
          {apply.error.message}
        </Alert>
      ) : null}
      {result && result.skipped > 0 ? (
        <Text mt="xs" fz="sm" role="status">
          {t('orders.skipped', {
            updated: result.updated,
            skipped: result.skipped,
            status: t(STATUS_KEYS[status]).toLocaleLowerCase(),
          })}
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
  const t = useT();
  const f = useFormat();
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
    queryFn: () => unwrap(api.order.managerMeta()),
    refetchInterval: QUEUE_REFRESH_MS,
  });
  const list = useQuery({
    queryKey: queryKeys.orders.ofStore(filters),
    queryFn: () => unwrap(api.order.ofStore({ query: filters })),
    refetchInterval: QUEUE_REFRESH_MS,
    placeholderData: (p) => p,
  });
  const q = search.trim();
  const shown = (list.data ?? []).filter(
    (o) => !q || o.student.externalId === q || matchesName(o.student, q),
  );
  const chosen = shown.filter((o) => selected.has(o._id));
  const today = todayIn(user.school.timeZone);
  const title = t('orders.titleDetails', {
    title: t(TITLE_KEYS[status]),
    delivery: deliveryDate ? f.mediumDate(deliveryDate) : 'none',
    grade: grade ? gradeName(t, grade) : 'none',
  });

  const exportCsv = () =>
    download(
      `orders-${status.toLowerCase()}${deliveryDate ? `-${deliveryDate}` : ''}${grade ? `-grade-${grade}` : ''}-${today}.csv`,
      ordersCsv(shown, t, user.school.timeZone),
    );
  const reset = (f: () => void) => {
    f();
    setSelected(new Set());
  };

  return (
    <Page>
      <PageHeader
        title={t('orders.title')}
        description={t('orders.queueDescription')}
        actions={
          <Group gap="sm">
            <Button variant="default" onClick={() => window.print()} disabled={!shown.length}>
              {t('orders.printPickList')}
            </Button>
            <Button variant="default" onClick={exportCsv} disabled={!shown.length}>
              {t('orders.exportCsv')}
            </Button>
          </Group>
        }
      />
      <Stack gap="lg">
        <Pickup />
        <Card p="lg">
          <Stack gap="md">
            <QueueHeading updatedAt={list.dataUpdatedAt} />
            <QueueFilters
              meta={meta.data}
              value={{ status, deliveryDate, grade, search }}
              onChange={(change) => reset(change)}
              set={{ setStatus, setDeliveryDate, setGrade, setSearch }}
            />
            {chosen.length ? (
              <BulkBar chosen={chosen} today={today} onDone={() => setSelected(new Set())} />
            ) : null}
            <QueryState query={list} loading={t('orders.loading')} size="section">
              {() =>
                shown.length === 0 ? (
                  <Text c="dimmed" ta="center" py="lg">
                    {t('orders.noMatch')}
                  </Text>
                ) : (
                  <OrdersTable
                    orders={shown}
                    caption={t('orders.queueCaption', { title, count: shown.length })}
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

/** The queue's filters: status, delivery date, grade, and a student's name or id. */
function QueueFilters({
  meta,
  value,
  onChange,
  set,
}: {
  meta: Parameters<typeof statusOptions>[1];
  value: { status: OrderStatusFilter; deliveryDate: string; grade: string; search: string };
  /** Each change goes through here (the page clears the selection with it). */
  onChange: (change: () => void) => void;
  set: {
    setStatus: (v: OrderStatusFilter) => void;
    setDeliveryDate: (v: string) => void;
    setGrade: (v: string) => void;
    setSearch: (v: string) => void;
  };
}) {
  const t = useT();
  const f = useFormat();
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        label={t('orders.status')}
        data={statusOptions(t, meta)}
        value={value.status}
        onChange={(v) => onChange(() => set.setStatus((v as OrderStatusFilter) ?? 'ALL'))}
        allowDeselect={false}
        w={300}
      />
      <Select
        label={t('orders.deliveryDate')}
        data={dateOptions(t, f.longDate, meta)}
        value={value.deliveryDate}
        onChange={(v) => onChange(() => set.setDeliveryDate(v ?? ALL))}
        allowDeselect={false}
        w={220}
      />
      <Select
        label={t('orders.grade')}
        data={[
          { value: ALL, label: t('orders.allGrades') },
          ...(meta?.gradeLevels ?? []).map((g) => ({
            value: g,
            label: gradeName(t, g),
          })),
        ]}
        value={value.grade}
        onChange={(v) => onChange(() => set.setGrade(v ?? ALL))}
        allowDeselect={false}
        w={170}
      />
      <TextInput
        label={t('orders.student')}
        placeholder={t('orders.nameOrId')}
        value={value.search}
        onChange={(e) => onChange(() => set.setSearch(e.currentTarget.value))}
        rightSection={
          value.search ? (
            <CloseButton
              aria-label={t('orders.clearStudentFilter')}
              onClick={() => onChange(() => set.setSearch(''))}
            />
          ) : null
        }
        w={200}
      />
    </Group>
  );
}

/** The queue's title, and when it was last asked for again (it refreshes itself). */
function QueueHeading({ updatedAt }: { updatedAt: number }) {
  const t = useT();
  return (
    <Group justify="space-between" align="baseline">
      <Title order={2} fz="lg">
        {t('orders.queue')}
      </Title>
      <Text fz="xs" c="dimmed" aria-live="off">
        {updatedAt ? t('orders.updatesAt', { time: new Date(updatedAt) }) : t('orders.updates')}
      </Text>
    </Group>
  );
}
