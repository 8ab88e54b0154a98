import type { GivingRatiosAnswer } from '@app/domain';
import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, queryKeys, unwrap } from '../../api';
import { QueryState } from '../../components/QueryState';
import { personName } from './columns';
import { toRangeQuery, type FilterState } from './ReportFiltersBar';
import { SortableTable, type Column } from './SortableTable';
import { file } from './tabParts';
import { useReportWords, type ReportWords } from './useReportWords';

type Giver = GivingRatiosAnswer['givers'][number];

/**
 * The school dashboard's givers (issue 34): each staff member's bonuses for every flag over the
 * dashboard's range, sortable, beside the school's and its target. Shown to those who read every
 * giver's figures (`reports:teacherUsage` for the school).
 */
export function GiverRatiosSection({
  filters,
  timeZone,
}: {
  filters: FilterState;
  timeZone: string;
}) {
  const w = useReportWords();
  const { t } = w;
  const q = toRangeQuery(filters);
  const query = useQuery({
    queryKey: queryKeys.reports.tab('givers', q),
    queryFn: () => unwrap(api.coaching.givers({ query: q })),
    placeholderData: (p) => p,
  });
  return (
    <Stack gap="xs" component="section" aria-labelledby="giver-ratios-heading">
      <Title order={3} fz="md" id="giver-ratios-heading">
        {t('reports.givers.title')}
      </Title>
      <QueryState query={query} loading={t('reports.loading.givers')} size="section">
        {(data) => (
          <>
            <Text size="sm" fw={500}>
              {data.school.ratio === null
                ? t('reports.givers.schoolNoFlag', {
                    positives: data.school.positives,
                    target: data.target,
                  })
                : t('reports.givers.school', { ratio: data.school.ratio, target: data.target })}
            </Text>
            <SortableTable
              caption={t('reports.givers.caption', { range: w.range(data) })}
              columns={giverColumns(w, data.target)}
              rows={data.givers}
              rowKey={(r) => r.giverId}
              fileName={file('giver-ratios', data)}
              timeZone={timeZone}
              initialSort={{ key: 'ratio', dir: 'asc' }}
            />
          </>
        )}
      </QueryState>
    </Stack>
  );
}

const giverColumns = (w: ReportWords, target: number): Column<Giver>[] => [
  { key: 'name', label: w.t('reports.column.staff'), value: personName },
  {
    key: 'positives',
    label: w.t('reports.column.bonusesGiven'),
    value: (r) => r.positives,
    numeric: true,
  },
  {
    key: 'correctives',
    label: w.t('reports.column.flagsGiven'),
    value: (r) => r.correctives,
    numeric: true,
  },
  {
    key: 'ratio',
    label: w.t('reports.column.ratio'),
    value: (r) => r.ratio,
    // No flag: nothing to divide; it sorts after every ratio and says so.
    render: (r) =>
      r.ratio === null
        ? w.t('reports.givers.noFlag')
        : r.ratio < target
          ? w.t('reports.givers.underTarget', { ratio: r.ratio })
          : w.f.number(r.ratio),
    numeric: true,
  },
];
