import { useMemo, useState } from 'react';
import { Accordion, Card, Stack, Text, TextInput } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { searchByName } from '@app/domain';
import { api, queryKeys, unwrap } from '../../api';
import { Page } from '../../components/Page';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { useT } from '../../i18n';
import { usePeriods } from '../../session';
import { PeriodRoster } from './PeriodRoster';

/** A roster whose query has not started yet. */
const LOADING = { data: undefined, error: null, isPending: true } as const;

export default function RostersPage() {
  const t = useT();
  const list = usePeriods();
  const [query, setQuery] = useState('');
  const [opened, setOpened] = useState<string[]>([]);
  // A teacher has a handful of periods, so all rosters load at once and search spans them all.
  const details = useQueries({
    queries: (list.data ?? []).map((p) => ({
      queryKey: queryKeys.period.one(p._id),
      queryFn: () => unwrap(api.periods.get({ params: { id: p._id } })),
    })),
  });

  const searching = query.trim().length > 0;
  const withMatches = useMemo(
    () =>
      (list.data ?? [])
        .filter((_, i) => {
          const d = details[i]?.data;
          return d ? searchByName(d.students, query).length > 0 : false;
        })
        .map((p) => p._id),
    [list.data, details, query],
  );

  return (
    <Page maw={960}>
      <PageHeader title={t('rosters.title')} description={t('rosters.description')} />
      <QueryState query={list} loading={t('rosters.loading')}>
        {(classes) =>
          classes.length === 0 ? (
            <Card p="xl">
              <Text c="dimmed">{t('rosters.noClasses')}</Text>
            </Card>
          ) : (
            <Stack>
              <TextInput
                label={t('rosters.search')}
                placeholder={t('rosters.placeholder')}
                value={query}
                onChange={(e) => setQuery(e.currentTarget.value)}
              />
              {searching && withMatches.length === 0 && details.every((d) => !d.isPending) ? (
                <Text c="dimmed">{t('rosters.noMatch', { query: query.trim() })}</Text>
              ) : null}
              <Accordion
                multiple
                variant="separated"
                radius="lg"
                styles={{
                  item: {
                    background: 'var(--mantine-color-white)',
                    borderColor: 'var(--mantine-color-gray-3)',
                  },
                }}
                value={searching ? withMatches : opened}
                onChange={setOpened}
              >
                {classes.map((p, i) =>
                  searching && !withMatches.includes(p._id) ? null : (
                    <PeriodRoster
                      key={p._id}
                      period={p}
                      query={query}
                      detail={details[i] ?? LOADING}
                    />
                  ),
                )}
              </Accordion>
            </Stack>
          )
        }
      </QueryState>
    </Page>
  );
}
