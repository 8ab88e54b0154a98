import { Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, queryKeys, unwrap, type StatusResponse } from '../../api';
import { QueryState } from '../../components/QueryState';
import { PageHeader } from '../../components/PageHeader';
import { Page } from '../../components/Page';
import { useFormat, useT } from '../../i18n';
import type { Translate } from '../../i18n/useT';

function StateCard({ label, ok, detail }: { label: string; ok: boolean; detail: string }) {
  const t = useT();
  return (
    <Card>
      <Group justify="space-between">
        <Text fw={600}>{label}</Text>
        <Badge color={ok ? 'teal' : 'red'} variant="light">
          {t(ok ? 'layout.statusOperational' : 'layout.statusUnavailable')}
        </Badge>
      </Group>
      <Text c="dimmed" fz="sm" mt="xs">
        {detail}
      </Text>
    </Card>
  );
}

function describe(s: StatusResponse, t: Translate) {
  // A 503 arrives as {} (docs/spec.md section 8), which means the service could not answer.
  const serviceOk = s.status === 'ok';
  const dbOk = s.database === 'ok';
  return {
    serviceOk,
    dbOk,
    service: serviceOk
      ? t('layout.statusRelease', { release: s.release ?? t('layout.statusReleaseUnknown') })
      : t('layout.statusServiceDown'),
    database: dbOk
      ? t('layout.statusDatabaseMs', { ms: s.databaseMs ?? 0 })
      : t('layout.statusDatabaseDown'),
  };
}

export default function StatusPage() {
  const t = useT();
  const q = useQuery({
    queryKey: queryKeys.status.page,
    queryFn: () => unwrap(api.status.get()),
    refetchInterval: 30_000,
  });
  return (
    <Page maw={760}>
      <PageHeader title={t('layout.pageStatus')} description={t('layout.statusDescription')} />
      <QueryState query={q} loading={t('layout.statusChecking')}>
        {(status) => <StatusCards status={status} />}
      </QueryState>
    </Page>
  );
}

function StatusCards({ status }: { status: StatusResponse }) {
  const t = useT();
  const f = useFormat();
  const d = describe(status, t);
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <StateCard label={t('layout.statusService')} ok={d.serviceOk} detail={d.service} />
        <StateCard label={t('layout.statusDatabase')} ok={d.dbOk} detail={d.database} />
      </SimpleGrid>
      {status.time ? (
        <Text fz="xs" c="dimmed">
          {t('layout.statusChecked', { time: f.dateTime(status.time) })}
        </Text>
      ) : null}
    </Stack>
  );
}
