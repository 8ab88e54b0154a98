import { useEffect, useMemo, useRef, useState } from 'react';
import { BarChart, LineChart } from '@mantine/charts';
import { Anchor, Button, Card, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { queryKeys, reports, school, unwrap, type ClassSumsRow, type ReportsMeta } from '../../api';
import { QueryState } from '../../components/QueryState';
import { T } from '../../i18n';
import { ChartFigure } from './ChartFigure';
import {
  classColumns,
  givenColumns,
  personName,
  studentColumns,
  studentSumsColumns,
} from './columns';
import { toQuery, type FilterState } from './ReportFiltersBar';
import { SortableTable, type Column } from './SortableTable';
import { useReportWords, type ReportWords } from './useReportWords';

export interface TabProps {
  meta: ReportsMeta;
  filters: FilterState;
}

/**
 * Trend points labelled by day ("Oct 26, 2026" / "26 oct 2026"), or by month's name when the answer
 * went by month ("Oct 2026" / "oct 2026"): a chart's axis never reads "2026-10".
 */
const trendData = <P extends { date: string }>(
  w: ReportWords,
  d: { trend: P[]; trendBy: 'day' | 'month' },
) =>
  d.trend.map((p) => ({
    ...p,
    date: d.trendBy === 'month' ? w.month(p.date, 'short') : w.f.mediumDate(p.date),
  }));

/** What the class columns mean, said once under each class table. */
const ClassColumnsNote = () => (
  <Text size="sm" c="dimmed">
    <T k="reports.classNote" />
  </Text>
);
const file = (what: string, r: { startDate: string; endDate: string }) =>
  `${what}-${r.startDate}-${r.endDate}`;

/** My classes: each period's students, earned, flags, bonuses and spent. */
export function MyClassesTab({ meta, filters }: TabProps) {
  const w = useReportWords();
  const { t } = w;
  const q = toQuery(filters);
  const query = useQuery({
    queryKey: queryKeys.reports.tab('myClasses', q),
    queryFn: () => unwrap(reports.myClasses(q)),
    placeholderData: (p) => p,
  });
  const columns = useMemo<Column<ClassSumsRow & { periodLabel: string }>[]>(
    () => [
      { key: 'period', label: t('reports.column.period'), value: (r) => r.periodLabel },
      ...classColumns(w),
    ],
    [w, t],
  );
  return (
    <QueryState query={query} loading={t('reports.loading.myClasses')} size="section">
      {(data) => (
        <Stack gap="xs">
          <SortableTable
            caption={t('reports.myClasses.caption', { range: w.range(data) })}
            columns={columns}
            rows={data.rows}
            rowKey={(r) => `${r.periodId}:${r.studentId}`}
            fileName={file('my-classes', data)}
            timeZone={meta.timeZone}
          />
          <ClassColumnsNote />
        </Stack>
      )}
    </QueryState>
  );
}

/** Class report: one period over the range, with its trend by day (by month over long ranges). */
export function ClassTab({ meta, filters }: TabProps) {
  const w = useReportWords();
  const { t } = w;
  const columns = useMemo(() => classColumns(w), [w]);
  const q = toQuery(filters);
  const periodId = filters.periodId;
  const query = useQuery({
    queryKey: queryKeys.reports.tab('class', q, periodId),
    queryFn: () => unwrap(reports.classReport(periodId, q)),
    enabled: Boolean(periodId),
    placeholderData: (p) => p,
  });
  if (!periodId)
    return (
      <Text c="dimmed">
        <T k="reports.class.choose" />
      </Text>
    );
  return (
    <QueryState query={query} loading={t('reports.loading.class')} size="section">
      {(data) => (
        <Stack gap="lg">
          <ChartFigure
            title={t('reports.class.chartTitle', { period: data.periodLabel, by: data.trendBy })}
            summary={t('reports.class.chartSummary', {
              period: data.periodLabel,
              by: data.trendBy,
              range: w.range(data),
            })}
          >
            <LineChart
              h={220}
              data={trendData(w, data)}
              dataKey="date"
              series={[
                { name: 'bonuses', label: t('reports.series.bonuses'), color: 'teal.7' },
                { name: 'flags', label: t('reports.series.flags'), color: 'red.7' },
              ]}
              withLegend
            />
          </ChartFigure>
          <SortableTable
            caption={t('reports.class.caption', { period: data.periodLabel, range: w.range(data) })}
            columns={columns}
            rows={data.rows}
            rowKey={(r) => r.studentId}
            fileName={file('class-report', data)}
            timeZone={meta.timeZone}
            initialSort={{ key: 'earned', dir: 'desc' }}
          />
          <ClassColumnsNote />
        </Stack>
      )}
    </QueryState>
  );
}

/** Student report: one student's history, balance over time and points by category. */
export function StudentTab({ meta, filters }: TabProps) {
  const w = useReportWords();
  const { t } = w;
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
    {
      key: 'date',
      label: t('reports.column.date'),
      value: (r) => r.date,
      dated: true,
      // Read by name on screen; the CSV keeps the ISO date a spreadsheet sorts.
      render: (r) => w.f.mediumDate(r.date),
    },
    {
      key: 'category',
      label: t('reports.column.category'),
      value: (r) => w.category(r.category),
    },
    { key: 'activity', label: t('reports.column.activity'), value: (r) => r.label },
    { key: 'points', label: w.column('points'), value: (r) => r.points, numeric: true },
    { key: 'comment', label: t('reports.column.comment'), value: (r) => r.comment },
  ];
  return (
    <Stack gap="lg">
      <Select
        label={t('reports.student.label')}
        placeholder={t('reports.student.placeholder')}
        searchable
        data={choices}
        value={studentId}
        onChange={setStudentId}
        w={{ base: '100%', xs: 320 }}
        nothingFoundMessage={t('reports.student.nothingFound')}
      />
      {!studentId ? (
        <Text c="dimmed">
          <T k="reports.student.choose" />
        </Text>
      ) : (
        <QueryState query={query} loading={t('reports.loading.student')} size="section">
          {(data) => {
            const who = personName(data.student);
            const range = w.range(data);
            return (
              <Stack gap="lg">
                <SimpleGrid cols={{ base: 1, md: 2 }}>
                  <ChartFigure
                    title={t('reports.student.balanceTitle')}
                    summary={t('reports.student.balanceSummary', { who, range })}
                  >
                    <LineChart
                      h={220}
                      data={data.balanceOverTime.map((p) => ({
                        ...p,
                        date: w.f.mediumDate(p.date),
                      }))}
                      dataKey="date"
                      series={[
                        { name: 'balance', label: t('reports.series.balance'), color: 'indigo.7' },
                      ]}
                    />
                  </ChartFigure>
                  <ChartFigure
                    title={t('reports.student.byCategoryTitle')}
                    summary={t('reports.student.byCategorySummary', { who, range })}
                  >
                    <BarChart
                      h={220}
                      data={data.byCategory.map((c) => ({
                        category: w.category(c.category),
                        points: c.category === 'Store' ? -c.spent : c.earned,
                      }))}
                      dataKey="category"
                      series={[{ name: 'points', label: w.column('points'), color: 'teal.7' }]}
                    />
                  </ChartFigure>
                </SimpleGrid>
                <SortableTable
                  caption={t('reports.student.byCategoryCaption', { who, range })}
                  columns={[
                    {
                      key: 'category',
                      label: t('reports.column.category'),
                      value: (r) => w.category(r.category),
                    },
                    {
                      key: 'count',
                      label: w.column('givesCount'),
                      value: (r) => r.count,
                      numeric: true,
                    },
                    {
                      key: 'earned',
                      label: w.column('earned'),
                      value: (r) => r.earned,
                      numeric: true,
                    },
                    {
                      key: 'spent',
                      label: w.column('spent'),
                      value: (r) => r.spent,
                      numeric: true,
                    },
                  ]}
                  rows={data.byCategory}
                  rowKey={(r) => r.category}
                  fileName={file('student-by-category', data)}
                  timeZone={meta.timeZone}
                />
                <SortableTable
                  caption={t('reports.student.historyCaption', { who, range })}
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
  const w = useReportWords();
  const { t } = w;
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
    ...studentColumns<Row>(w),
    ...givenColumns<Row>(w, false),
    {
      key: 'inClassCount',
      label: t('reports.column.givenInClass'),
      value: (r) => r.inClassCount,
      numeric: true,
    },
  ];
  return (
    <Stack gap="xs" component="section" aria-labelledby="to-whom-heading">
      <Group justify="space-between" wrap="wrap">
        <Title order={3} fz="md" id="to-whom-heading" ref={heading} tabIndex={-1}>
          {query.data
            ? t('reports.toWhom.heading', { name: personName(query.data.giver) })
            : t('reports.toWhom.headingBare')}
        </Title>
        <Button variant="subtle" size="xs" onClick={onClose}>
          <T k="common.close" />
        </Button>
      </Group>
      <QueryState query={query} loading={t('reports.loading.toWhom')} size="section">
        {(data) => (
          <SortableTable
            caption={t('reports.toWhom.caption', {
              name: personName(data.giver),
              range: w.range(data),
              count: data.rows.length,
            })}
            columns={columns}
            rows={data.rows}
            rowKey={(r) => r.studentId}
            fileName={file(
              `to-whom-${data.giver.lastName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
              data,
            )}
            timeZone={meta.timeZone}
            initialSort={{ key: 'bonusCount', dir: 'desc' }}
            empty={t('reports.toWhom.empty')}
          />
        )}
      </QueryState>
    </Stack>
  );
}

/** Teacher usage: who gives how much and how often (and to whom, per staff member); who has not given this week. */
export function TeacherUsageTab({ meta, filters }: TabProps) {
  const w = useReportWords();
  const { t } = w;
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
      label: t('reports.column.staff'),
      value: personName,
      render: (r) => (
        <Anchor
          component="button"
          type="button"
          ta="start"
          onClick={() => setGiverId(r.giverId)}
          aria-label={t('reports.usage.toWhomLabel', { name: personName(r) })}
        >
          {personName(r)}
        </Anchor>
      ),
    },
    ...givenColumns<Row>(w, true),
    {
      key: 'daysGiven',
      label: t('reports.column.daysGiven'),
      value: (r) => r.daysGiven,
      numeric: true,
    },
    {
      key: 'lastGiven',
      label: t('reports.column.lastGiven'),
      value: (r) => r.lastGiven ?? '',
      dated: true,
      render: (r) => (r.lastGiven ? w.f.mediumDate(r.lastGiven) : ''),
    },
  ];
  return (
    <QueryState query={query} loading={t('reports.loading.teacherUsage')} size="section">
      {(data) => {
        const top = [...data.rows]
          .sort((a, b) => b.bonusCount + b.flagCount - (a.bonusCount + a.flagCount))
          .slice(0, 10);
        return (
          <Stack gap="lg">
            <ChartFigure
              title={t('reports.usage.chartTitle')}
              summary={t('reports.usage.chartSummary', { range: w.range(data) })}
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
                  { name: 'bonuses', label: t('reports.series.bonuses'), color: 'teal.7' },
                  { name: 'flags', label: t('reports.series.flags'), color: 'red.7' },
                ]}
                withLegend
              />
            </ChartFigure>
            <SortableTable
              caption={t('reports.usage.caption', { range: w.range(data) })}
              columns={columns}
              rows={data.rows}
              rowKey={(r) => r.giverId}
              fileName={file('teacher-usage', data)}
              timeZone={meta.timeZone}
              initialSort={{ key: 'bonusCount', dir: 'desc' }}
            />
            <Text size="sm" c="dimmed">
              <T k="reports.usage.hint" />
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
              caption={t('reports.usage.notGivenCaption', { date: w.f.mediumDate(data.weekStart) })}
              columns={[{ key: 'name', label: t('reports.column.staff'), value: personName }]}
              rows={data.notGivenThisWeek}
              rowKey={(r) => r.giverId}
              fileName={`not-given-week-of-${data.weekStart}`}
              timeZone={meta.timeZone}
              empty={t('reports.usage.everyoneGave')}
            />
          </Stack>
        );
      }}
    </QueryState>
  );
}

const groupColumns = (
  w: ReportWords,
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
  { key: 'students', label: w.column('students'), value: (r) => r.students, numeric: true },
  { key: 'earned', label: w.column('earned'), value: (r) => r.earned, numeric: true },
  { key: 'flagCount', label: w.column('flagCount'), value: (r) => r.flagCount, numeric: true },
  { key: 'spent', label: w.column('spent'), value: (r) => r.spent, numeric: true },
];

/** School students: top earners, most flagged, by grade and by house. */
export function SchoolStudentsTab({ meta, filters }: TabProps) {
  const w = useReportWords();
  const { t } = w;
  const columns = useMemo(() => studentSumsColumns(w), [w]);
  const q = toQuery(filters);
  const query = useQuery({
    queryKey: queryKeys.reports.tab('schoolStudents', q),
    queryFn: () => unwrap(reports.schoolStudents(q)),
    placeholderData: (p) => p,
  });
  return (
    <QueryState query={query} loading={t('reports.loading.schoolStudents')} size="section">
      {(data) => {
        const flagged = data.rows
          .filter((r) => r.flagCount > 0)
          .sort((a, b) => b.flagCount - a.flagCount)
          .slice(0, 10);
        return (
          <Stack gap="lg">
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <ChartFigure
                title={t('reports.students.byGradeTitle')}
                summary={t('reports.students.byGradeSummary', { range: w.range(data) })}
              >
                <BarChart
                  h={220}
                  data={data.byGrade.map((g) => ({
                    grade: w.gradeOrNone(g.key),
                    earned: g.earned,
                  }))}
                  dataKey="grade"
                  series={[{ name: 'earned', label: w.column('earned'), color: 'indigo.7' }]}
                />
              </ChartFigure>
              <ChartFigure
                title={t('reports.students.byHouseTitle')}
                summary={t('reports.students.byHouseSummary', { range: w.range(data) })}
              >
                <BarChart
                  h={220}
                  data={data.byHouse.map((g) => ({
                    house: w.houseOrNone(g.key),
                    earned: g.earned,
                  }))}
                  dataKey="house"
                  series={[{ name: 'earned', label: w.column('earned'), color: 'teal.7' }]}
                />
              </ChartFigure>
            </SimpleGrid>
            <SortableTable
              caption={t('reports.students.caption', { range: w.range(data) })}
              columns={columns}
              rows={data.rows}
              rowKey={(r) => r.studentId}
              fileName={file('school-students', data)}
              timeZone={meta.timeZone}
              initialSort={{ key: 'earned', dir: 'desc' }}
            />
            <SortableTable
              caption={t('reports.students.mostFlagged')}
              columns={columns}
              rows={flagged}
              rowKey={(r) => r.studentId}
              fileName={file('most-flagged', data)}
              timeZone={meta.timeZone}
              initialSort={{ key: 'flags', dir: 'desc' }}
              empty={t('reports.students.noFlags')}
            />
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <SortableTable
                caption={t('reports.students.byGrade')}
                columns={groupColumns(w, t('reports.column.grade'), w.gradeOrNone)}
                rows={data.byGrade}
                rowKey={(r) => r.key}
                fileName={file('by-grade', data)}
                timeZone={meta.timeZone}
              />
              <SortableTable
                caption={t('reports.students.byHouse')}
                columns={groupColumns(w, t('reports.column.house'), w.houseOrNone)}
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
  const { f } = useReportWords();
  return (
    <Card withBorder p="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl">
        {f.number(value)}
      </Text>
    </Card>
  );
}

/** School dashboard: totals, trend, house standings, store sales. */
export function SchoolDashboardTab({ meta, filters }: TabProps) {
  const w = useReportWords();
  const { t } = w;
  const q = toQuery(filters);
  const query = useQuery({
    queryKey: queryKeys.reports.tab('schoolDashboard', q),
    queryFn: () => unwrap(reports.schoolDashboard(q)),
    placeholderData: (p) => p,
  });
  return (
    <QueryState query={query} loading={t('reports.loading.schoolDashboard')} size="section">
      {(data) => (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
            <Stat label={t('reports.dashboard.students')} value={data.totals.students} />
            <Stat
              label={t('reports.dashboard.activeStudents')}
              value={data.totals.activeStudents}
            />
            <Stat label={w.column('earned')} value={data.totals.earned} />
            <Stat label={t('reports.dashboard.flagsGiven')} value={data.totals.flagCount} />
            <Stat label={w.column('spent')} value={data.totals.spent} />
            <Stat label={t('reports.dashboard.orders')} value={data.totals.orders} />
          </SimpleGrid>
          <ChartFigure
            title={t('reports.dashboard.trendTitle', { by: data.trendBy })}
            summary={t('reports.dashboard.trendSummary', {
              by: data.trendBy,
              range: w.range(data),
            })}
          >
            <LineChart
              h={240}
              data={trendData(w, data)}
              dataKey="date"
              series={[
                { name: 'earned', label: t('reports.series.earned'), color: 'teal.7' },
                { name: 'spent', label: t('reports.series.spent'), color: 'indigo.7' },
              ]}
              withLegend
            />
          </ChartFigure>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Stack gap="xs">
              <Title order={3} fz="md">
                <T k="reports.dashboard.houseStandings" />
              </Title>
              <SortableTable
                caption={t('reports.dashboard.houseStandingsCaption', { range: w.range(data) })}
                columns={[
                  {
                    key: 'house',
                    label: t('reports.column.house'),
                    value: (r) => w.houseOrNone(r.house),
                  },
                  {
                    key: 'students',
                    label: w.column('students'),
                    value: (r) => r.students,
                    numeric: true,
                  },
                  {
                    key: 'earned',
                    label: w.column('earned'),
                    value: (r) => r.earned,
                    numeric: true,
                  },
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
                <T k="reports.dashboard.storeSales" />
              </Title>
              <SortableTable
                caption={t('reports.dashboard.storeSalesCaption', {
                  by: data.trendBy,
                  range: w.range(data),
                })}
                columns={[
                  {
                    key: 'date',
                    label: t(
                      data.trendBy === 'month' ? 'reports.column.month' : 'reports.column.date',
                    ),
                    value: (r) => (data.trendBy === 'month' ? w.month(r.date) : r.date),
                    render: (r) =>
                      data.trendBy === 'month' ? w.month(r.date) : w.f.mediumDate(r.date),
                    // Months sort by date, not by name.
                    sortValue: (r) => r.date,
                    dated: data.trendBy !== 'month',
                  },
                  {
                    key: 'orders',
                    label: w.column('orders'),
                    value: (r) => r.orders,
                    numeric: true,
                  },
                  { key: 'spent', label: w.column('spent'), value: (r) => r.spent, numeric: true },
                ]}
                rows={data.storeSales}
                rowKey={(r) => r.date}
                fileName={file('store-sales', data)}
                timeZone={meta.timeZone}
                empty={t('reports.dashboard.noSales')}
              />
            </Stack>
          </SimpleGrid>
          <Group />
        </Stack>
      )}
    </QueryState>
  );
}
