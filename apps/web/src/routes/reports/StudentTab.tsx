import { useMemo, useState } from 'react';
import type { StudentReport } from '@app/domain';
import { BarChart, LineChart } from '@mantine/charts';
import { Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, queryKeys, unwrap, type ReportsMeta } from '../../api';
import { QueryState } from '../../components/QueryState';
import { T } from '../../i18n';
import { ChartFigure } from './ChartFigure';
import { personName } from './columns';
import { toQuery } from './ReportFiltersBar';
import { SortableTable, type Column } from './SortableTable';
import { file, type TabProps } from './tabParts';
import { useReportWords, type ReportWords } from './useReportWords';

/** Student report: one student's history, balance over time and points by category. */
export function StudentTab({ meta, filters }: TabProps) {
  const w = useReportWords();
  const { t } = w;
  const [studentId, setStudentId] = useState<string | null>(null);
  const q = toQuery(filters);
  const choices = useStudentChoices(!meta.tabs.includes('schoolStudents'));
  const query = useQuery({
    queryKey: queryKeys.reports.tab('student', q, studentId ?? ''),
    queryFn: () => unwrap(api.reports.student({ params: { id: studentId! }, query: q })),
    enabled: Boolean(studentId),
    placeholderData: (p) => p,
  });
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
          {(data) => <StudentReportView meta={meta} data={data} />}
        </QueryState>
      )}
    </Stack>
  );
}

/** A teacher picks among their classes' students; school-wide readers among the school's. */
function useStudentChoices(teacherOnly: boolean) {
  const mine = useQuery({
    queryKey: queryKeys.reports.tab('myClasses', {}),
    queryFn: () => unwrap(api.reports.myClasses()),
    enabled: teacherOnly,
  });
  const all = useQuery({
    queryKey: queryKeys.schoolStudents,
    queryFn: () => unwrap(api.school.students()),
    enabled: !teacherOnly,
  });
  return useMemo(() => {
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
}

/** One student's answer: the two charts, points by category and the history. */
function StudentReportView({ meta, data }: { meta: ReportsMeta; data: StudentReport }) {
  const w = useReportWords();
  const { t } = w;
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
            series={[{ name: 'balance', label: t('reports.series.balance'), color: 'indigo.7' }]}
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
        columns={byCategoryColumns(w)}
        rows={data.byCategory}
        rowKey={(r) => r.category}
        fileName={file('student-by-category', data)}
        timeZone={meta.timeZone}
      />
      <SortableTable
        caption={t('reports.student.historyCaption', { who, range })}
        columns={historyColumns(w)}
        rows={data.history}
        rowKey={(r) => r._id}
        fileName={file('student-history', data)}
        timeZone={meta.timeZone}
      />
    </Stack>
  );
}

const byCategoryColumns = (w: ReportWords): Column<StudentReport['byCategory'][number]>[] => [
  {
    key: 'category',
    label: w.t('reports.column.category'),
    value: (r) => w.category(r.category),
  },
  { key: 'count', label: w.column('givesCount'), value: (r) => r.count, numeric: true },
  { key: 'earned', label: w.column('earned'), value: (r) => r.earned, numeric: true },
  { key: 'spent', label: w.column('spent'), value: (r) => r.spent, numeric: true },
];

const historyColumns = (w: ReportWords): Column<StudentReport['history'][number]>[] => [
  {
    key: 'date',
    label: w.t('reports.column.date'),
    value: (r) => r.date,
    dated: true,
    // Read by name on screen; the CSV keeps the ISO date a spreadsheet sorts.
    render: (r) => w.f.mediumDate(r.date),
  },
  {
    key: 'category',
    label: w.t('reports.column.category'),
    value: (r) => w.category(r.category),
  },
  { key: 'activity', label: w.t('reports.column.activity'), value: (r) => r.label },
  { key: 'points', label: w.column('points'), value: (r) => r.points, numeric: true },
  { key: 'comment', label: w.t('reports.column.comment'), value: (r) => r.comment },
];
