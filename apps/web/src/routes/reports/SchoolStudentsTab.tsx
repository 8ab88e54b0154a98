import { useMemo } from 'react';
import { BarChart } from '@mantine/charts';
import { SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, queryKeys, unwrap } from '../../api';
import { QueryState } from '../../components/QueryState';
import { ChartFigure } from './ChartFigure';
import { studentSumsColumns } from './columns';
import { toQuery } from './ReportFiltersBar';
import { SortableTable, type Column } from './SortableTable';
import { file, type TabProps } from './tabParts';
import { useReportWords, type ReportWords } from './useReportWords';

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
    queryFn: () => unwrap(api.activity.studentReport({ query: q })),
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
