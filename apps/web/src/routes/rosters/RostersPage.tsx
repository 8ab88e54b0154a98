import { useMemo, useState } from 'react';
import { Accordion, Card, Stack, Text, TextInput } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { searchByName } from '@app/domain';
import { periods, unwrap } from '../../api';
import { ErrorNotice } from '../../components/ErrorNotice';
import { FullPageLoader } from '../../components/FullPageLoader';
import { PageHeader } from '../../components/PageHeader';
import { usePeriods } from '../../session';
import { PeriodRoster } from './PeriodRoster';
import { Page } from '../../components/Page';

export default function RostersPage() {
  const list = usePeriods();
  const [query, setQuery] = useState('');
  const [opened, setOpened] = useState<string[]>([]);
  // A teacher has a handful of periods, so all rosters load at once and search spans them all.
  const details = useQueries({
    queries: (list.data ?? []).map((p) => ({
      queryKey: ['period', p._id],
      queryFn: () => unwrap(periods.get(p._id)),
    })),
  });

  const searching = query.trim().length > 0;
  const withMatches = useMemo(
    () =>
      (list.data ?? []).filter((_, i) => {
        const d = details[i]?.data;
        return d ? searchByName(d.students, query).length > 0 : false;
      }).map((p) => p._id),
    [list.data, details, query],
  );

  return (
    <Page maw={960}>
      <PageHeader title="Rosters" description="Every class you can see, with its students." />
      {list.isPending ? (
        <FullPageLoader />
      ) : list.isError ? (
        <ErrorNotice message={list.error.message} />
      ) : list.data.length === 0 ? (
        <Card p="xl">
          <Text c="dimmed">There are no classes with students yet.</Text>
        </Card>
      ) : (
        <Stack>
          <TextInput label="Search students" placeholder="First or last name" value={query} onChange={(e) => setQuery(e.currentTarget.value)} />
          {searching && withMatches.length === 0 && details.every((d) => !d.isPending) ? (
            <Text c="dimmed">No student matches “{query.trim()}”.</Text>
          ) : null}
          <Accordion
            multiple
            variant="separated"
            radius="lg"
            styles={{ item: { background: "var(--mantine-color-white)", borderColor: "var(--mantine-color-gray-3)" } }}
            value={searching ? withMatches : opened} onChange={setOpened}>
            {list.data.map((p, i) =>
              searching && !withMatches.includes(p._id) ? null : (
                <PeriodRoster
                  key={p._id}
                  period={p}
                  query={query}
                  detail={{ data: details[i]?.data, error: details[i]?.error ?? null, isPending: details[i]?.isPending ?? true }}
                />
              ),
            )}
          </Accordion>
        </Stack>
      )}
    </Page>
  );
}
