import { useState } from 'react';
import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { activity, balances, queryKeys, unwrap } from '../../api';
import { ActivityTable } from '../../components/ActivityTable';
import { Page } from '../../components/Page';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { ActivityFilters, isFiltered, NO_FILTERS, type Filters } from './ActivityFilters';
import { BalanceCard } from './BalanceCard';

const PAGE = 50;

/** "My Activity": the student's balance and every bonus, flag and daily point. */
export default function ActivityPage() {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [limit, setLimit] = useState(PAGE);
  const stats = useQuery({
    queryKey: queryKeys.balanceStats,
    queryFn: () => unwrap(balances.stats()),
  });
  const query = {
    category: filters.category ?? undefined,
    startDate: filters.startDate || undefined,
    endDate: filters.endDate || undefined,
    limit,
  };
  const list = useQuery({
    queryKey: queryKeys.activities.mine(query),
    queryFn: () => unwrap(activity.list(query)),
    placeholderData: (prev) => prev,
  });
  const changeFilters = (f: Filters) => {
    setFilters(f);
    setLimit(PAGE);
  };

  return (
    <Page maw={1000}>
      <PageHeader
        title="My Activity"
        description="Your points: what you earned, when, and from whom."
      />
      <Stack gap="lg">
        <QueryState query={stats} loading="Loading your balance">
          {(data) => <BalanceCard stats={data} />}
        </QueryState>
        <Card p="lg">
          <Stack gap="md">
            <Title order={2} fz="lg">
              Activity
            </Title>
            <ActivityFilters value={filters} onChange={changeFilters} />
            <QueryState query={list} loading="Loading activity" size="section">
              {(items) =>
                items.length === 0 ? (
                  <Text c="dimmed" ta="center" py="lg">
                    {!isFiltered(filters)
                      ? 'No activity yet. Bonuses from your teachers will show here.'
                      : 'Nothing matches these filters.'}
                  </Text>
                ) : (
                  <>
                    <ActivityTable
                      items={items}
                      caption={`${items.length} ${items.length === 1 ? 'entry' : 'entries'}, newest first`}
                    />
                    {items.length >= limit ? (
                      <Button
                        variant="subtle"
                        onClick={() => setLimit((n) => n + PAGE)}
                        loading={list.isFetching}
                      >
                        Show more
                      </Button>
                    ) : null}
                  </>
                )
              }
            </QueryState>
          </Stack>
        </Card>
      </Stack>
    </Page>
  );
}
