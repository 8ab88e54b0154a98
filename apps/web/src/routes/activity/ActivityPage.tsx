import { useState } from 'react';
import { Card, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, queryKeys, unwrap } from '../../api';
import { ActivityPages } from '../../components/ActivityPages';
import { Page } from '../../components/Page';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { useT } from '../../i18n';
import { ActivityFilters, isFiltered, NO_FILTERS, type Filters } from './ActivityFilters';
import { BalanceCard } from './BalanceCard';

const PAGE = 50;

/** "My Activity": the student's balance and every bonus, flag and daily point. */
export default function ActivityPage() {
  const t = useT();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const stats = useQuery({
    queryKey: queryKeys.balanceStats,
    queryFn: () => unwrap(api.utility.balanceStats()),
  });
  const query = {
    category: filters.category ?? undefined,
    startDate: filters.startDate || undefined,
    endDate: filters.endDate || undefined,
  };
  return (
    <Page maw={1000}>
      <PageHeader title={t('activity.title')} description={t('activity.description')} />
      <Stack gap="lg">
        <QueryState query={stats} loading={t('activity.loadingBalance')}>
          {(data) => <BalanceCard stats={data} />}
        </QueryState>
        <Card p="lg">
          <Stack gap="md">
            <Title order={2} fz="lg">
              {t('activity.heading')}
            </Title>
            <ActivityFilters value={filters} onChange={setFilters} />
            <ActivityPages
              queryKey={queryKeys.activities.mine(query)}
              filters={query}
              pageSize={PAGE}
              loading={t('activity.loading')}
              empty={
                <Text c="dimmed" ta="center" py="lg">
                  {!isFiltered(filters) ? t('activity.empty') : t('activity.noMatch')}
                </Text>
              }
              caption={(n) => t('activity.caption', { count: n })}
            />
          </Stack>
        </Card>
      </Stack>
    </Page>
  );
}
