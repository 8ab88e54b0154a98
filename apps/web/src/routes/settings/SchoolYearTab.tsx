import {
  Button,
  Card,
  Group,
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
  longDate,
  type BalancePolicy,
  type OrdersPolicy,
  type SchoolYearBody,
  type SchoolYearView,
  type YearOpening,
  type YearOpeningPreview,
} from '@app/domain';
import {
  afterSchoolYearChange,
  afterYearOpened,
  calendar,
  queryKeys,
  schoolYears,
  unwrap,
} from '../../api';
import { ErrorNotice } from '../../components/ErrorNotice';
import { QueryState } from '../../components/QueryState';
import { AddHolidayForm } from '../../components/calendar/AddHolidayForm';
import { HolidayList } from '../../components/calendar/HolidayList';

const POLICY_LABEL: Record<BalancePolicy, string> = {
  carry: 'Carried over',
  cap: 'Capped',
  reset: 'Reset to 0',
};

/** The year in force: its first and last day, giving start, and the school's balance policy. */
function YearForm({ year }: { year: SchoolYearView }) {
  const queryClient = useQueryClient();
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
    mutationFn: (body: SchoolYearBody) => unwrap(schoolYears.set(body)),
    onSuccess: (y) => {
      notifications.show({ color: 'teal', message: `The ${y.label} school year is saved.` });
      form.resetDirty();
      void afterSchoolYearChange(queryClient);
    },
  });
  return (
    <Card p="lg">
      <form onSubmit={form.onSubmit((v) => save.mutate(v))} noValidate>
        <Stack>
          <Title order={2} size="h4">
            The {year.label} school year
          </Title>
          {year.ended ? (
            <Text c="red.8">
              This year ended on {longDate(year.endDate)}: gives and purchases are refused until the
              next year is opened.
            </Text>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              type="date"
              label="First day"
              required
              {...form.getInputProps('startDate')}
            />
            <TextInput type="date" label="Last day" required {...form.getInputProps('endDate')} />
            <TextInput
              type="date"
              label="Giving starts"
              required
              {...form.getInputProps('givingStartDate')}
            />
          </SimpleGrid>
          <Radio.Group
            label="When the next year opens, each student's balance is"
            {...form.getInputProps('balancePolicy')}
          >
            <Group mt="xs">
              {(['carry', 'cap', 'reset'] as const).map((p) => (
                <Radio key={p} value={p} label={POLICY_LABEL[p]} />
              ))}
            </Group>
          </Radio.Group>
          {form.values.balancePolicy === 'cap' ? (
            <NumberInput
              label="Cap (points)"
              min={0}
              allowDecimal={false}
              w={200}
              {...form.getInputProps('balanceCap')}
            />
          ) : null}
          {save.isError ? (
            <ErrorNotice title="School year not saved" message={save.error.message} />
          ) : null}
          <Group>
            <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
              Save the school year
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function PayPeriods({ year }: { year: SchoolYearView }) {
  return (
    <Card p="lg">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Pay periods
        </Title>
        <Text size="sm" c="dimmed">
          The months of the year, from its first to its last day.
        </Text>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Period</Table.Th>
              <Table.Th>From</Table.Th>
              <Table.Th>To</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {year.payPeriods.map((p) => (
              <Table.Tr key={p.startDate}>
                <Table.Td>{p.label}</Table.Td>
                <Table.Td>{longDate(p.startDate)}</Table.Td>
                <Table.Td>{longDate(p.endDate)}</Table.Td>
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
  const q = useQuery({ queryKey: queryKeys.calendar, queryFn: () => unwrap(calendar.get()) });
  return (
    <QueryState query={q} loading="Loading the calendar">
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
  const q = useQuery({
    queryKey: queryKeys.settings.opening(opening._id),
    queryFn: async () => {
      const o = await unwrap(schoolYears.opening(opening._id));
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
          ? `The ${o.label} school year is open.`
          : o.status === 'failed'
            ? (o.message ?? 'The opening stopped.')
            : `Opening the ${o.label} school year: ${o.done} of ${o.total} students`}
      </Text>
      <Progress value={percent} aria-labelledby="opening-progress-label" size="lg" />
    </Stack>
  );
}

function PreviewTable({ preview }: { preview: YearOpeningPreview }) {
  const shown = preview.students.slice(0, 100);
  return (
    <Stack gap="xs">
      <Text>
        {preview.promoted} students move up a grade, {preview.leaving} leave the school. Balances
        are {POLICY_LABEL[preview.balancePolicy].toLowerCase()}
        {preview.balancePolicy === 'cap' ? ` at ${preview.balanceCap} points` : ''}. Pending orders:{' '}
        {preview.ordersKept} kept, {preview.ordersRefunded} refunded.
      </Text>
      <Table.ScrollContainer minWidth={560}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Student</Table.Th>
              <Table.Th>Grade</Table.Th>
              <Table.Th>Balance before</Table.Th>
              <Table.Th>Balance after</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((s) => (
              <Table.Tr key={s._id}>
                <Table.Td>{s.name}</Table.Td>
                <Table.Td>
                  {s.leaves
                    ? `${s.gradeBefore ?? ''} → leaves`
                    : `${s.gradeBefore ?? '–'} → ${s.gradeAfter ?? '–'}`}
                </Table.Td>
                <Table.Td>{s.balanceBefore}</Table.Td>
                <Table.Td>{s.balanceAfter}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {preview.students.length > shown.length ? (
        <Text size="sm" c="dimmed">
          The first {shown.length} of {preview.students.length} students.
        </Text>
      ) : null}
    </Stack>
  );
}

/** Opening the next year: its dates, what to do with pending orders, the dry run, then the run. */
function OpenNextYear({ year }: { year: SchoolYearView }) {
  const [dates, setDates] = useState({
    startDate: year.next.startDate,
    endDate: year.next.endDate,
    givingStartDate: year.next.givingStartDate,
  });
  const [ordersPolicy, setOrdersPolicy] = useState<OrdersPolicy>('keep');
  const body = { ...dates, ordersPolicy };
  const dry = useMutation({ mutationFn: () => unwrap(schoolYears.preview(body)) });
  const run = useMutation({ mutationFn: () => unwrap(schoolYears.open(body)) });
  const opening = run.data ?? year.opening;
  if (opening && opening.status !== 'failed') return <OpeningProgress opening={opening} />;
  const change = (field: keyof typeof dates) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setDates((d) => ({ ...d, [field]: value }));
    dry.reset();
  };
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          type="date"
          label="First day"
          value={dates.startDate}
          onChange={change('startDate')}
        />
        <TextInput
          type="date"
          label="Last day"
          value={dates.endDate}
          onChange={change('endDate')}
        />
        <TextInput
          type="date"
          label="Giving starts"
          value={dates.givingStartDate}
          onChange={change('givingStartDate')}
        />
      </SimpleGrid>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="orders-policy-label">
          Pending orders
        </Text>
        <SegmentedControl
          aria-labelledby="orders-policy-label"
          value={ordersPolicy}
          onChange={(v) => {
            setOrdersPolicy(v as OrdersPolicy);
            dry.reset();
          }}
          data={[
            { value: 'keep', label: 'Keep them' },
            { value: 'refund', label: 'Refund them' },
          ]}
        />
      </Stack>
      {opening?.status === 'failed' ? <OpeningProgress opening={opening} /> : null}
      {dry.isError ? <ErrorNotice title="Dry run refused" message={dry.error.message} /> : null}
      {run.isError ? <ErrorNotice title="Not opened" message={run.error.message} /> : null}
      {dry.data ? <PreviewTable preview={dry.data} /> : null}
      {dry.data?.refusal ? <Text c="dimmed">{dry.data.refusal}.</Text> : null}
      <Group>
        <Button variant="default" onClick={() => dry.mutate()} loading={dry.isPending}>
          Dry run
        </Button>
        <Button
          onClick={() => run.mutate()}
          loading={run.isPending}
          disabled={!dry.data || dry.data.refusal !== null}
        >
          Open the {dry.data?.label ?? year.next.label} school year
        </Button>
      </Group>
    </Stack>
  );
}

/** Settings › School year: the year's dates and calendar, its pay periods, and the next year's opening. */
export function SchoolYearTab() {
  const q = useQuery({
    queryKey: queryKeys.settings.schoolYear,
    queryFn: () => unwrap(schoolYears.get()),
  });
  return (
    <QueryState query={q} loading="Loading the school year">
      {(year) => (
        <Stack>
          <YearForm key={`${year._id}-${year.startDate}-${year.endDate}`} year={year} />
          <Holidays />
          <PayPeriods year={year} />
          <Card p="lg">
            <Stack>
              <Title order={2} size="h4">
                Open the next school year
              </Title>
              <Text size="sm" c="dimmed">
                Grades move up by one, the top grade leaves (their history stays), houses stay. Try
                a dry run first: it shows every student and changes nothing.
              </Text>
              <OpenNextYear year={year} />
            </Stack>
          </Card>
        </Stack>
      )}
    </QueryState>
  );
}
