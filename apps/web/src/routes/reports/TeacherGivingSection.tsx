import { useEffect, useRef } from 'react';
import { Button, Group, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, queryKeys, unwrap } from '../../api';
import { QueryState } from '../../components/QueryState';
import { T } from '../../i18n';
import { givenColumns, personName, studentColumns } from './columns';
import { toQuery } from './ReportFiltersBar';
import { SortableTable, type Column } from './SortableTable';
import { file, type TabProps } from './tabParts';
import { useReportWords } from './useReportWords';

/** To whom one staff member gave: per student, over the same range and filters. */
export function TeacherGivingSection({
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
    queryFn: () => unwrap(api.reports.teacherGiving({ params: { id: giverId }, query: q })),
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
