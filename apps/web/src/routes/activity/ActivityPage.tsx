import { useState } from 'react';
import { Button, Card, Center, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { activity, balances, unwrap } from '../../api';
import { ActivityTable } from '../../components/ActivityTable';
import { ErrorNotice } from '../../components/ErrorNotice';
import { FullPageLoader } from '../../components/FullPageLoader';
import { Page } from '../../components/Page';
import { PageHeader } from '../../components/PageHeader';
import { ActivityFilters, isFiltered, NO_FILTERS, type Filters } from './ActivityFilters';
import { BalanceCard } from './BalanceCard';
import { Spinner } from '../../components/Spinner';

const PAGE = 50;

/** "My Activity": the student's balance and every bonus, flag and daily point. */
export default function ActivityPage() {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [limit, setLimit] = useState(PAGE);
  const stats = useQuery({ queryKey: ['balance-stats'], queryFn: () => unwrap(balances.stats()) });
  const query = {
    category: filters.category ?? undefined,
    startDate: filters.startDate || undefined,
    endDate: filters.endDate || undefined,
    limit,
  };
  const list = useQuery({
    queryKey: ['activities', 'mine', query],
    queryFn: () => unwrap(activity.list(query)),
    placeholderData: (prev) => prev,
  });
  const changeFilters = (f: Filters) => {
    setFilters(f);
    setLimit(PAGE);
  };

  return (
    <Page maw={1000}>
      <PageHeader title="My Activity" description="Your points: what you earned, when, and from whom." />
      <Stack gap="lg">
        {stats.isPending ? <FullPageLoader /> : stats.isError ? <ErrorNotice message={stats.error.message} /> : <BalanceCard stats={stats.data} />}
        <Card p="lg">
          <Stack gap="md">
            <Title order={2} fz="lg">
              Activity
            </Title>
            <ActivityFilters value={filters} onChange={changeFilters} />
            {list.isPending ? (
              <Center py="lg">
                <Spinner label="Loading activity" />
              </Center>
            ) : list.isError ? (
              <ErrorNotice message={list.error.message} />
            ) : list.data.length === 0 ? (
              <Text c="dimmed" ta="center" py="lg">
                {!isFiltered(filters) ? 'No activity yet. Bonuses from your teachers will show here.' : 'Nothing matches these filters.'}
              </Text>
            ) : (
              <>
                <ActivityTable items={list.data} caption={`${list.data.length} ${list.data.length === 1 ? 'entry' : 'entries'}, newest first`} />
                {list.data.length >= limit ? (
                  <Button variant="subtle" onClick={() => setLimit((n) => n + PAGE)} loading={list.isFetching}>
                    Show more
                  </Button>
                ) : null}
              </>
            )}
          </Stack>
        </Card>
      </Stack>
    </Page>
  );
}
