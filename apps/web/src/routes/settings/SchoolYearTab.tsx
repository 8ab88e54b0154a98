import {
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  Progress,
  Radio,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  gradeOrNoneText,
  type BalancePolicy,
  type MessageKey,
  type OrdersPolicy,
  type SchoolYearBody,
  type SchoolYearView,
  type YearOpening,
  type YearOpeningBody,
  type YearOpeningPreview,
} from '@app/domain';
import { afterSchoolYearChange, afterYearOpened, api, queryKeys, unwrap } from '../../api';
import { ErrorNotice } from '../../components/ErrorNotice';
import { QueryState } from '../../components/QueryState';
import { AddHolidayForm } from '../../components/calendar/AddHolidayForm';
import { HolidayList } from '../../components/calendar/HolidayList';
import { useFormat, useT } from '../../i18n';

const POLICY_LABEL: Record<BalancePolicy, MessageKey> = {
  carry: 'settings.year.carry',
  cap: 'settings.year.cap',
  reset: 'settings.year.reset',
};

/** The year in force: its first and last day, giving start, and the school's balance policy. */
function YearForm({ year }: { year: SchoolYearView }) {
  const queryClient = useQueryClient();
  const t = useT();
  const f = useFormat();
  const form = useForm<SchoolYearBody>({
    initialValues: {
      startDate: year.startDate,
      endDate: year.endDate,
      givingStartDate: year.givingStartDate,
      balancePolicy: year.balancePolicy,
      balanceCap: year.balanceCap,
    },
  });
  const save = useMutation({
    mutationFn: (body: SchoolYearBody) => unwrap(api.settings.setSchoolYear({ body })),
    onSuccess: (y) => {
      notifications.show({ color: 'teal', message: t('settings.year.saved', { label: y.label }) });
      form.resetDirty();
      void afterSchoolYearChange(queryClient);
    },
  });
  return (
    <Card p="lg">
      <form onSubmit={form.onSubmit((v) => save.mutate(v))} noValidate>
        <Stack>
          <Title order={2} size="h4">
            {t('settings.year.heading', { label: year.label })}
          </Title>
          {year.ended ? (
            <Text c="red.8">{t('settings.year.ended', { date: f.longDate(year.endDate) })}</Text>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              type="date"
              label={t('settings.year.firstDay')}
              required
              {...form.getInputProps('startDate')}
            />
            <TextInput
              type="date"
              label={t('settings.year.lastDay')}
              required
              {...form.getInputProps('endDate')}
            />
            <TextInput
              type="date"
              label={t('settings.year.givingStarts')}
              required
              {...form.getInputProps('givingStartDate')}
            />
          </SimpleGrid>
          <Radio.Group
            label={t('settings.year.balanceIs')}
            {...form.getInputProps('balancePolicy')}
          >
            <Group mt="xs">
              {(['carry', 'cap', 'reset'] as const).map((p) => (
                <Radio key={p} value={p} label={t(POLICY_LABEL[p])} />
              ))}
            </Group>
          </Radio.Group>
          {form.values.balancePolicy === 'cap' ? (
            <NumberInput
              label={t('settings.year.capAmount')}
              min={0}
              allowDecimal={false}
              w={200}
              {...form.getInputProps('balanceCap')}
            />
          ) : null}
          {save.isError ? (
            <ErrorNotice title={t('settings.year.notSaved')} message={save.error.message} />
          ) : null}
          <Group>
            <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
              {t('settings.year.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function PayPeriods({ year }: { year: SchoolYearView }) {
  const t = useT();
  const f = useFormat();
  return (
    <Card p="lg">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('settings.year.payPeriods')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('settings.year.payPeriodsHelp')}
        </Text>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('settings.year.period')}</Table.Th>
              <Table.Th>{t('settings.year.from')}</Table.Th>
              <Table.Th>{t('settings.year.to')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {year.payPeriods.map((p) => (
              <Table.Tr key={p.startDate}>
                <Table.Td>{f.month(p.startDate)}</Table.Td>
                <Table.Td>{f.longDate(p.startDate)}</Table.Td>
                <Table.Td>{f.longDate(p.endDate)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  );
}

/** Holidays and other days without giving: the calendar's own calls. */
function Holidays() {
  const t = useT();
  const q = useQuery({ queryKey: queryKeys.calendar, queryFn: () => unwrap(api.calendar.get()) });
  return (
    <QueryState query={q} loading={t('settings.year.loadingCalendar')}>
      {(cal) => (
        <Stack>
          <AddHolidayForm cal={cal} />
          <HolidayList holidays={cal.holidays} canEdit today={cal.today} />
        </Stack>
      )}
    </QueryState>
  );
}

/** An opening's progress, asked again every second until it is done. */
function OpeningProgress({ opening }: { opening: YearOpening }) {
  const queryClient = useQueryClient();
  const t = useT();
  const q = useQuery({
    queryKey: queryKeys.settings.opening(opening._id),
    queryFn: async () => {
      const o = await unwrap(api.schoolYears.opening({ params: { id: opening._id } }));
      if (o.status === 'done') void afterYearOpened(queryClient);
      return o;
    },
    initialData: opening,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? 1000 : false),
  });
  const o = q.data;
  const percent = o.total ? Math.round((o.done / o.total) * 100) : o.status === 'done' ? 100 : 0;
  return (
    <Stack gap="xs">
      <Text id="opening-progress-label">
        {o.status === 'done'
          ? t('settings.year.opened', { label: o.label })
          : o.status === 'failed'
            ? (o.message ?? t('settings.year.openingStopped'))
            : t('settings.year.opening', { label: o.label, done: o.done, total: o.total })}
      </Text>
      <Progress value={percent} aria-labelledby="opening-progress-label" size="lg" />
    </Stack>
  );
}

function PreviewTable({ preview }: { preview: YearOpeningPreview }) {
  const t = useT();
  const f = useFormat();
  const shown = preview.students.slice(0, 100);
  return (
    <Stack gap="xs">
      <Text>
        {t('settings.year.preview', {
          promoted: preview.promoted,
          leaving: preview.leaving,
          policy: preview.balancePolicy,
          cap: preview.balanceCap ?? 0,
          kept: preview.ordersKept,
          refunded: preview.ordersRefunded,
        })}
      </Text>
      <Table.ScrollContainer minWidth={560}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('settings.year.student')}</Table.Th>
              <Table.Th>{t('settings.grade')}</Table.Th>
              <Table.Th>{t('settings.year.balanceBefore')}</Table.Th>
              <Table.Th>{t('settings.year.balanceAfter')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((s) => (
              <Table.Tr key={s._id}>
                <Table.Td>{s.name}</Table.Td>
                <Table.Td>
                  {/* As a person reads a grade: "6th Grade → 7th Grade", "8th Grade → leaves". */}
                  {s.leaves
                    ? t('settings.year.gradeLeaves', { before: gradeOrNoneText(t, s.gradeBefore) })
                    : t('settings.year.gradeMoves', {
                        before: gradeOrNoneText(t, s.gradeBefore),
                        after: gradeOrNoneText(t, s.gradeAfter),
                      })}
                </Table.Td>
                <Table.Td>{f.number(s.balanceBefore)}</Table.Td>
                <Table.Td>{f.number(s.balanceAfter)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {preview.students.length > shown.length ? (
        <Text size="sm" c="dimmed">
          {t('settings.year.firstOf', { shown: shown.length, total: preview.students.length })}
        </Text>
      ) : null}
    </Stack>
  );
}

// One call: with dryRun it answers the preview (200), without it the opening it started (202).
const previewYear = async (body: Omit<YearOpeningBody, 'dryRun'>) =>
  (await unwrap(api.schoolYears.open({ body: { ...body, dryRun: true } }))) as YearOpeningPreview;
const openYear = async (body: Omit<YearOpeningBody, 'dryRun'>) =>
  (await unwrap(api.schoolYears.open({ body: { ...body, dryRun: false } }))) as YearOpening;

/** Opening the next year: its dates, what to do with pending orders, the dry run, then the run. */
function OpenNextYear({ year }: { year: SchoolYearView }) {
  const t = useT();
  const f = useFormat();
  const [dates, setDates] = useState({
    startDate: year.next.startDate,
    endDate: year.next.endDate,
    givingStartDate: year.next.givingStartDate,
  });
  const [ordersPolicy, setOrdersPolicy] = useState<OrdersPolicy>('keep');
  const body = { ...dates, ordersPolicy };
  const dry = useMutation({ mutationFn: () => previewYear(body) });
  const run = useMutation({ mutationFn: () => openYear(body) });
  // The run asks first, with the dry run's label and number of students.
  const [confirming, setConfirming] = useState(false);
  const opening = run.data ?? year.opening;
  if (opening && opening.status !== 'failed') return <OpeningProgress opening={opening} />;
  const change = (field: keyof typeof dates) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setDates((d) => ({ ...d, [field]: value }));
    dry.reset();
  };
  return (
    <Stack>
      <YearDates dates={dates} change={change} />
      <OrdersPolicyChoice
        value={ordersPolicy}
        onChange={(v) => {
          setOrdersPolicy(v);
          dry.reset();
        }}
      />
      {opening?.status === 'failed' ? <OpeningProgress opening={opening} /> : null}
      {dry.isError ? (
        <ErrorNotice title={t('settings.year.dryRefused')} message={dry.error.message} />
      ) : null}
      {run.isError ? (
        <ErrorNotice title={t('settings.year.notOpened')} message={run.error.message} />
      ) : null}
      {dry.data ? <PreviewTable preview={dry.data} /> : null}
      {dry.data?.refusal ? (
        // The domain's refusal (openingRefusal), in the screens' language: this year's end.
        <Text c="dimmed">{t('settings.year.refusal', { date: f.longDate(year.endDate) })}</Text>
      ) : null}
      <Group>
        <Button variant="default" onClick={() => dry.mutate()} loading={dry.isPending}>
          {t('settings.year.dryRun')}
        </Button>
        <Button
          onClick={() => setConfirming(true)}
          loading={run.isPending}
          disabled={!dry.data || dry.data.refusal !== null}
        >
          {t('settings.year.open', { label: dry.data?.label ?? year.next.label })}
        </Button>
      </Group>
      {dry.data ? (
        <Modal
          opened={confirming}
          onClose={() => setConfirming(false)}
          title={t('settings.year.confirmTitle', {
            label: dry.data.label,
            count: dry.data.students.length,
          })}
        >
          <Stack>
            <Text>
              {t('settings.year.confirmBody', {
                first: f.longDate(dates.startDate),
                promoted: dry.data.promoted,
                leaving: dry.data.leaving,
              })}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(false)}>
                {t('common.cancel')}
              </Button>
              <Button
                onClick={() => {
                  setConfirming(false);
                  run.mutate();
                }}
              >
                {t('settings.year.confirmOpen', { label: dry.data.label })}
              </Button>
            </Group>
          </Stack>
        </Modal>
      ) : null}
    </Stack>
  );
}

/** The next year's first and last day, and the day giving starts. */
function YearDates({
  dates,
  change,
}: {
  dates: { startDate: string; endDate: string; givingStartDate: string };
  change: (
    field: 'startDate' | 'endDate' | 'givingStartDate',
  ) => (e: { currentTarget: { value: string } }) => void;
}) {
  const t = useT();
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <TextInput
        type="date"
        label={t('settings.year.firstDay')}
        value={dates.startDate}
        onChange={change('startDate')}
      />
      <TextInput
        type="date"
        label={t('settings.year.lastDay')}
        value={dates.endDate}
        onChange={change('endDate')}
      />
      <TextInput
        type="date"
        label={t('settings.year.givingStarts')}
        value={dates.givingStartDate}
        onChange={change('givingStartDate')}
      />
    </SimpleGrid>
  );
}

/** What opening the year does to orders not yet handed over: keep them, or refund them. */
function OrdersPolicyChoice({
  value,
  onChange,
}: {
  value: OrdersPolicy;
  onChange: (v: OrdersPolicy) => void;
}) {
  const t = useT();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="orders-policy-label">
        {t('settings.year.pendingOrders')}
      </Text>
      <SegmentedControl
        aria-labelledby="orders-policy-label"
        value={value}
        onChange={(v) => onChange(v as OrdersPolicy)}
        data={[
          { value: 'keep', label: t('settings.year.keep') },
          { value: 'refund', label: t('settings.year.refund') },
        ]}
      />
    </Stack>
  );
}

/** Settings › School year: the year's dates and calendar, its pay periods, and the next year's opening. */
export function SchoolYearTab() {
  const t = useT();
  const q = useQuery({
    queryKey: queryKeys.settings.schoolYear,
    queryFn: () => unwrap(api.settings.schoolYear()),
  });
  return (
    <QueryState query={q} loading={t('settings.year.loading')}>
      {(year) => (
        <Stack>
          <YearForm key={`${year._id}-${year.startDate}-${year.endDate}`} year={year} />
          <Holidays />
          <PayPeriods year={year} />
          <Card p="lg">
            <Stack>
              <Title order={2} size="h4">
                {t('settings.year.openNext')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('settings.year.openNextHelp')}
              </Text>
              <OpenNextYear year={year} />
            </Stack>
          </Card>
        </Stack>
      )}
    </QueryState>
  );
}
