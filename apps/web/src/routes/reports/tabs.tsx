import { useEffect, useMemo, useRef, useState } from 'react';
import { BarChart, LineChart } from '@mantine/charts';
import { Anchor, Button, Card, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  formatDate,
  gradeOrNone,
  houseOrNone,
  monthLabel,
  REPORT_COLUMN_LABELS as L,
} from '@app/domain';
import { queryKeys, reports, school, unwrap, type ClassSumsRow, type ReportsMeta } from '../../api';
import { QueryState } from '../../components/QueryState';
import { ChartFigure } from './ChartFigure';
import {
  CLASS_COLUMNS,
  CLASS_COLUMNS_NOTE,
  givenColumns,
  personName,
  STUDENT_COLUMNS,
  studentColumns,
} from './columns';
import { toQuery, type FilterState } from './ReportFiltersBar';
import { SortableTable, type Column } from './SortableTable';

export interface TabProps {
  meta: ReportsMeta;
  filters: FilterState;
}

/** A range with its months by name: "Aug 1, 2026 to Nov 25, 2026". */
const rangeText = (r: { startDate: string; endDate: string }) =>
  `${formatDate(r.startDate, 'MMM D, YYYY')} to ${formatDate(r.endDate, 'MMM D, YYYY')}`;
/** Trend points labelled by day, or by month's name when the answer went by month. */
// A month reads by its name on a chart's axis ("Oct 2026"), never "2026-10".
const trendData = <P extends { date: string }>(d: { trend: P[]; trendBy: 'day' | 'month' }) =>
  d.trendBy === 'month'
    ? d.trend.map((p) => ({ ...p, date: monthLabel(p.date, 'short') }))
    : d.trend;
const file = (what: string, r: { startDate: string; endDate: string }) =>
  `${what}-${r.startDate}-${r.endDate}`;

/** My classes: each period's students, earned, flags, bonuses and spent. */
export function MyClassesTab({ meta, filters }: TabProps) {
  const q = toQuery(filters);
  const query = useQuery({
    queryKey: queryKeys.reports.tab('myClasses', q),
    queryFn: () => unwrap(reports.myClasses(q)),
    placeholderData: (p) => p,
  });
  const columns = useMemo<Column<ClassSumsRow & { periodLabel: string }>[]>(
    () => [{ key: 'period', label: 'Period', value: (r) => r.periodLabel }, ...CLASS_COLUMNS],
    [],
  );
  return (
    <QueryState query={query} loading="Loading my classes" size="section">
      {(data) => (
        <Stack gap="xs">
          <SortableTable
            caption={`My classes, ${rangeText(data)}`}
            columns={columns}
            rows={data.rows}
            rowKey={(r) => `${r.periodId}:${r.studentId}`}
            fileName={file('my-classes', data)}
            timeZone={meta.timeZone}
          />
          <Text size="sm" c="dimmed">
            {CLASS_COLUMNS_NOTE}
          </Text>
        </Stack>
      )}
    </QueryState>
  );
}

/** Class report: one period over the range, with its trend by day (by month over long ranges). */
export function ClassTab({ meta, filters }: TabProps) {
  const q = toQuery(filters);
  const periodId = filters.periodId;
  const query = useQuery({
    queryKey: queryKeys.reports.tab('class', q, periodId),
    queryFn: () => unwrap(reports.classReport(periodId, q)),
    enabled: Boolean(periodId),
    placeholderData: (p) => p,
  });
  if (!periodId) return <Text c="dimmed">Choose a period above to see its report.</Text>;
  return (
    <QueryState query={query} loading="Loading the class report" size="section">
      {(data) => (
        <Stack gap="lg">
          <ChartFigure
            title={`${data.periodLabel}: points by ${data.trendBy}`}
            summary={`Bonuses and flags by ${data.trendBy} for ${data.periodLabel}, ${rangeText(data)}`}
          >
            <LineChart
              h={220}
              data={trendData(data)}
              dataKey="date"
              series={[
                { name: 'bonuses', label: 'Bonuses', color: 'teal.7' },
                { name: 'flags', label: 'Flags', color: 'red.7' },
              ]}
              withLegend
            />
          </ChartFigure>
          <SortableTable
            caption={`${data.periodLabel}, ${rangeText(data)}`}
            columns={CLASS_COLUMNS}
            rows={data.rows}
            rowKey={(r) => r.studentId}
            fileName={file('class-report', data)}
            timeZone={meta.timeZone}
            initialSort={{ key: 'earned', dir: 'desc' }}
          />
          <Text size="sm" c="dimmed">
            {CLASS_COLUMNS_NOTE}
          </Text>
        </Stack>
      )}
    </QueryState>
  );
}

/** Student report: one student's history, balance over time and points by category. */
export function StudentTab({ meta, filters }: TabProps) {
  const [studentId, setStudentId] = useState<string | null>(null);
  const q = toQuery(filters);
  const teacherOnly = !meta.tabs.includes('schoolStudents');
  // A teacher picks among their classes' students; school-wide readers among the school's.
  const mine = useQuery({
    queryKey: queryKeys.reports.tab('myClasses', {}),
    queryFn: () => unwrap(reports.myClasses({})),
    enabled: teacherOnly,
  });
  const all = useQuery({
    queryKey: queryKeys.schoolStudents,
    queryFn: () => unwrap(school.students()),
    enabled: !teacherOnly,
  });
  const choices = useMemo(() => {
    const people = teacherOnly
      ? (mine.data?.rows ?? []).map((r) => ({
          id: r.studentId,
          firstName: r.firstName,
          lastName: r.lastName,
        }))
      : (all.data ?? []).map((s) => ({ id: s._id, firstName: s.firstName, lastName: s.lastName }));
    const seen = new Map(people.map((p) => [p.id, { value: p.id, label: personName(p) }]));
    return [...seen.values()].sort((a, b) => a.label.localeCompare(b.label));
  }, [teacherOnly, mine.data, all.data]);
  const query = useQuery({
    queryKey: queryKeys.reports.tab('student', q, studentId ?? ''),
    queryFn: () => unwrap(reports.student(studentId!, q)),
    enabled: Boolean(studentId),
    placeholderData: (p) => p,
  });
  const historyColumns: Column<NonNullable<typeof query.data>['history'][number]>[] = [
    { key: 'date', label: 'Date', value: (r) => r.date, dated: true },
    { key: 'category', label: 'Category', value: (r) => r.category },
    { key: 'activity', label: 'Activity', value: (r) => r.label },
    { key: 'points', label: 'Points', value: (r) => r.points, numeric: true },
    { key: 'comment', label: 'Comment', value: (r) => r.comment },
  ];
  return (
    <Stack gap="lg">
      <Select
        label="Student"
        placeholder="Search by name"
        searchable
        data={choices}
        value={studentId}
        onChange={setStudentId}
        w={{ base: '100%', xs: 320 }}
        nothingFoundMessage="No student by that name"
      />
      {!studentId ? (
        <Text c="dimmed">Choose a student to see their report.</Text>
      ) : (
        <QueryState query={query} loading="Loading the student report" size="section">
          {(data) => {
            const who = personName(data.student);
            return (
              <Stack gap="lg">
                <SimpleGrid cols={{ base: 1, md: 2 }}>
                  <ChartFigure
                    title="Balance over time"
                    summary={`${who}'s balance by day, ${rangeText(data)}`}
                  >
                    <LineChart
                      h={220}
                      data={data.balanceOverTime}
                      dataKey="date"
                      series={[{ name: 'balance', label: 'Balance', color: 'indigo.7' }]}
                    />
                  </ChartFigure>
                  <ChartFigure
                    title="By category"
                    summary={`${who}'s points by category, ${rangeText(data)}`}
                  >
                    <BarChart
                      h={220}
                      data={data.byCategory.map((c) => ({
                        category: c.category,
                        points: c.category === 'Store' ? -c.spent : c.earned,
                      }))}
                      dataKey="category"
                      series={[{ name: 'points', label: 'Points', color: 'teal.7' }]}
                    />
                  </ChartFigure>
                </SimpleGrid>
                <SortableTable
                  caption={`${who}: by category, ${rangeText(data)}`}
                  columns={[
                    { key: 'category', label: 'Category', value: (r) => r.category },
                    { key: 'count', label: L.givesCount, value: (r) => r.count, numeric: true },
                    { key: 'earned', label: L.earned, value: (r) => r.earned, numeric: true },
                    { key: 'spent', label: L.spent, value: (r) => r.spent, numeric: true },
                  ]}
                  rows={data.byCategory}
                  rowKey={(r) => r.category}
                  fileName={file('student-by-category', data)}
                  timeZone={meta.timeZone}
                />
                <SortableTable
                  caption={`${who}: history, ${rangeText(data)}`}
                  columns={historyColumns}
                  rows={data.history}
                  rowKey={(r) => r._id}
                  fileName={file('student-history', data)}
                  timeZone={meta.timeZone}
                />
              </Stack>
            );
          }}
        </QueryState>
      )}
    </Stack>
  );
}

/** To whom one staff member gave: per student, over the same range and filters. */
function TeacherGivingSection({
  meta,
  filters,
  giverId,
  onClose,
}: TabProps & { giverId: string; onClose: () => void }) {
  const q = toQuery(filters);
  const query = useQuery({
    queryKey: queryKeys.reports.tab('teacherGiving', q, giverId),
    queryFn: () => unwrap(reports.teacherGiving(giverId, q)),
    placeholderData: (p) => p,
  });
  const heading = useRef<HTMLHeadingElement>(null);
  // The section opens below the table: take the reader there.
  useEffect(() => heading.current?.focus(), [giverId]);
  type Row = NonNullable<typeof query.data>['rows'][number];
  const columns: Column<Row>[] = [
    ...studentColumns<Row>(),
    ...givenColumns<Row>(''),
    {
      key: 'inClassCount',
      label: 'Given in class (count)',
      value: (r) => r.inClassCount,
      numeric: true,
    },
  ];
  return (
    <Stack gap="xs" component="section" aria-labelledby="to-whom-heading">
      <Group justify="space-between" wrap="wrap">
        <Title order={3} fz="md" id="to-whom-heading" ref={heading} tabIndex={-1}>
          {query.data ? `To whom ${personName(query.data.giver)} gave` : 'To whom'}
        </Title>
        <Button variant="subtle" size="xs" onClick={onClose}>
          Close
        </Button>
      </Group>
      <QueryState query={query} loading="Loading to whom they gave" size="section">
        {(data) => (
          <SortableTable
            caption={`${personName(data.giver)}: to whom, ${rangeText(data)} (${data.rows.length} ${data.rows.length === 1 ? 'student' : 'students'})`}
            columns={columns}
            rows={data.rows}
            rowKey={(r) => r.studentId}
            fileName={file(
              `to-whom-${data.giver.lastName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
              data,
            )}
            timeZone={meta.timeZone}
            initialSort={{ key: 'bonusCount', dir: 'desc' }}
            empty="They gave nothing in this range."
          />
        )}
      </QueryState>
    </Stack>
  );
}

/** Teacher usage: who gives how much and how often (and to whom, per staff member); who has not given this week. */
export function TeacherUsageTab({ meta, filters }: TabProps) {
  const q = toQuery(filters);
  const query = useQuery({
    queryKey: queryKeys.reports.tab('teacherUsage', q),
    queryFn: () => unwrap(reports.teacherUsage(q)),
    placeholderData: (p) => p,
  });
  const [giverId, setGiverId] = useState<string | null>(null);
  type Row = NonNullable<typeof query.data>['rows'][number];
  const columns: Column<Row>[] = [
    {
      key: 'name',
      label: 'Staff member',
      value: personName,
      render: (r) => (
        <Anchor
          component="button"
          type="button"
          ta="start"
          onClick={() => setGiverId(r.giverId)}
          aria-label={`${personName(r)}: to whom`}
        >
          {personName(r)}
        </Anchor>
      ),
    },
    ...givenColumns<Row>(' given'),
    { key: 'daysGiven', label: 'Days given', value: (r) => r.daysGiven, numeric: true },
    { key: 'lastGiven', label: 'Last given', value: (r) => r.lastGiven ?? '', dated: true },
  ];
  return (
    <QueryState query={query} loading="Loading teacher usage" size="section">
      {(data) => {
        const top = [...data.rows]
          .sort((a, b) => b.bonusCount + b.flagCount - (a.bonusCount + a.flagCount))
          .slice(0, 10);
        return (
          <Stack gap="lg">
            <ChartFigure
              title="Most active givers"
              summary={`The ten staff members who gave the most bonuses and flags, ${rangeText(data)}`}
            >
              <BarChart
                h={240}
                data={top.map((r) => ({
                  name: personName(r),
                  bonuses: r.bonusCount,
                  flags: r.flagCount,
                }))}
                dataKey="name"
                type="stacked"
                series={[
                  { name: 'bonuses', label: 'Bonuses', color: 'teal.7' },
                  { name: 'flags', label: 'Flags', color: 'red.7' },
                ]}
                withLegend
              />
            </ChartFigure>
            <SortableTable
              caption={`Teacher usage, ${rangeText(data)}`}
              columns={columns}
              rows={data.rows}
              rowKey={(r) => r.giverId}
              fileName={file('teacher-usage', data)}
              timeZone={meta.timeZone}
              initialSort={{ key: 'bonusCount', dir: 'desc' }}
            />
            <Text size="sm" c="dimmed">
              Choose a staff member’s name to see to whom they gave.
            </Text>
            {giverId && (
              <TeacherGivingSection
                meta={meta}
                filters={filters}
                giverId={giverId}
                onClose={() => setGiverId(null)}
              />
            )}
            <SortableTable
              caption={`Not given this week (since ${formatDate(data.weekStart, 'MMM D, YYYY')})`}
              columns={[{ key: 'name', label: 'Staff member', value: personName }]}
              rows={data.notGivenThisWeek}
              rowKey={(r) => r.giverId}
              fileName={`not-given-week-of-${data.weekStart}`}
              timeZone={meta.timeZone}
              empty="Everyone has given this week."
            />
          </Stack>
        );
      }}
    </QueryState>
  );
}

const groupColumns = (
  label: string,
  name: (key: string) => string,
): Column<{
  key: string;
  students: number;
  earned: number;
  bonuses: number;
  flagCount: number;
  spent: number;
}>[] => [
  { key: 'key', label, value: (r) => name(r.key) },
  { key: 'students', label: L.students, value: (r) => r.students, numeric: true },
  { key: 'earned', label: L.earned, value: (r) => r.earned, numeric: true },
  { key: 'flagCount', label: L.flagCount, value: (r) => r.flagCount, numeric: true },
  { key: 'spent', label: L.spent, value: (r) => r.spent, numeric: true },
];

/** School students: top earners, most flagged, by grade and by house. */
export function SchoolStudentsTab({ meta, filters }: TabProps) {
  const q = toQuery(filters);
  const query = useQuery({
    queryKey: queryKeys.reports.tab('schoolStudents', q),
    queryFn: () => unwrap(reports.schoolStudents(q)),
    placeholderData: (p) => p,
  });
  return (
    <QueryState query={query} loading="Loading school students" size="section">
      {(data) => {
        const flagged = data.rows
          .filter((r) => r.flagCount > 0)
          .sort((a, b) => b.flagCount - a.flagCount)
          .slice(0, 10);
        return (
          <Stack gap="lg">
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <ChartFigure
                title="Earned by grade"
                summary={`Points earned by grade level, ${rangeText(data)}`}
              >
                <BarChart
                  h={220}
                  data={data.byGrade.map((g) => ({ grade: gradeOrNone(g.key), earned: g.earned }))}
                  dataKey="grade"
                  series={[{ name: 'earned', label: L.earned, color: 'indigo.7' }]}
                />
              </ChartFigure>
              <ChartFigure
                title="Earned by house"
                summary={`Points earned by house, ${rangeText(data)}`}
              >
                <BarChart
                  h={220}
                  data={data.byHouse.map((g) => ({ house: houseOrNone(g.key), earned: g.earned }))}
                  dataKey="house"
                  series={[{ name: 'earned', label: L.earned, color: 'teal.7' }]}
                />
              </ChartFigure>
            </SimpleGrid>
            <SortableTable
              caption={`Students (top earners first), ${rangeText(data)}`}
              columns={STUDENT_COLUMNS}
              rows={data.rows}
              rowKey={(r) => r.studentId}
              fileName={file('school-students', data)}
              timeZone={meta.timeZone}
              initialSort={{ key: 'earned', dir: 'desc' }}
            />
            <SortableTable
              caption="Most flagged"
              columns={STUDENT_COLUMNS}
              rows={flagged}
              rowKey={(r) => r.studentId}
              fileName={file('most-flagged', data)}
              timeZone={meta.timeZone}
              initialSort={{ key: 'flags', dir: 'desc' }}
              empty="No flags in this range."
            />
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <SortableTable
                caption="By grade"
                columns={groupColumns('Grade', gradeOrNone)}
                rows={data.byGrade}
                rowKey={(r) => r.key}
                fileName={file('by-grade', data)}
                timeZone={meta.timeZone}
              />
              <SortableTable
                caption="By house"
                columns={groupColumns('House', houseOrNone)}
                rows={data.byHouse}
                rowKey={(r) => r.key}
                fileName={file('by-house', data)}
                timeZone={meta.timeZone}
              />
            </SimpleGrid>
          </Stack>
        );
      }}
    </QueryState>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Card withBorder p="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl">
        {value.toLocaleString('en-US')}
      </Text>
    </Card>
  );
}

/** School dashboard: totals, trend, house standings, store sales. */
export function SchoolDashboardTab({ meta, filters }: TabProps) {
  const q = toQuery(filters);
  const query = useQuery({
    queryKey: queryKeys.reports.tab('schoolDashboard', q),
    queryFn: () => unwrap(reports.schoolDashboard(q)),
    placeholderData: (p) => p,
  });
  return (
    <QueryState query={query} loading="Loading the school dashboard" size="section">
      {(data) => (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
            <Stat label="Students" value={data.totals.students} />
            <Stat label="Active students" value={data.totals.activeStudents} />
            <Stat label="Points earned" value={data.totals.earned} />
            <Stat label="Flags given" value={data.totals.flagCount} />
            <Stat label="Points spent" value={data.totals.spent} />
            <Stat label="Orders" value={data.totals.orders} />
          </SimpleGrid>
          <ChartFigure
            title={`Trend by ${data.trendBy}`}
            summary={`Points earned and spent by ${data.trendBy}, ${rangeText(data)}`}
          >
            <LineChart
              h={240}
              data={trendData(data)}
              dataKey="date"
              series={[
                { name: 'earned', label: 'Earned', color: 'teal.7' },
                { name: 'spent', label: 'Spent', color: 'indigo.7' },
              ]}
              withLegend
            />
          </ChartFigure>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Stack gap="xs">
              <Title order={3} fz="md">
                House standings
              </Title>
              <SortableTable
                caption={`House standings, ${rangeText(data)}`}
                columns={[
                  { key: 'house', label: 'House', value: (r) => houseOrNone(r.house) },
                  { key: 'students', label: L.students, value: (r) => r.students, numeric: true },
                  { key: 'earned', label: L.earned, value: (r) => r.earned, numeric: true },
                ]}
                rows={data.houses}
                rowKey={(r) => r.house}
                fileName={file('house-standings', data)}
                timeZone={meta.timeZone}
                initialSort={{ key: 'earned', dir: 'desc' }}
              />
            </Stack>
            <Stack gap="xs">
              <Title order={3} fz="md">
                Store sales
              </Title>
              <SortableTable
                caption={`Store sales by ${data.trendBy}, ${rangeText(data)}`}
                columns={[
                  {
                    key: 'date',
                    label: data.trendBy === 'month' ? 'Month' : 'Date',
                    value: (r) => (data.trendBy === 'month' ? monthLabel(r.date) : r.date),
                    // Months sort by date, not by name.
                    sortValue: (r) => r.date,
                    dated: data.trendBy !== 'month',
                  },
                  { key: 'orders', label: L.orders, value: (r) => r.orders, numeric: true },
                  { key: 'spent', label: L.spent, value: (r) => r.spent, numeric: true },
                ]}
                rows={data.storeSales}
                rowKey={(r) => r.date}
                fileName={file('store-sales', data)}
                timeZone={meta.timeZone}
                empty="No store sales in this range."
              />
            </Stack>
          </SimpleGrid>
          <Group />
        </Stack>
      )}
    </QueryState>
  );
}
