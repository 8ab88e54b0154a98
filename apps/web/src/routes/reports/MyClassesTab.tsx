import { useMemo } from 'react';
import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, queryKeys, unwrap, type ClassSumsRow } from '../../api';
import { QueryState } from '../../components/QueryState';
import { classColumns } from './columns';
import { toQuery } from './ReportFiltersBar';
import { SortableTable, type Column } from './SortableTable';
import { ClassColumnsNote, file, type TabProps } from './tabParts';
import { useReportWords } from './useReportWords';

/** My classes: each period's students, earned, flags, bonuses and spent. */
export function MyClassesTab({ meta, filters }: TabProps) {
  const w = useReportWords();
  const { t } = w;
  const q = toQuery(filters);
  const query = useQuery({
    queryKey: queryKeys.reports.tab('myClasses', q),
    queryFn: () => unwrap(api.reports.myClasses({ query: q })),
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
