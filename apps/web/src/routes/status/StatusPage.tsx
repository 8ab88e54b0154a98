import { Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { queryKeys, system, unwrap, type StatusResponse } from '../../api';
import { QueryState } from '../../components/QueryState';
import { PageHeader } from '../../components/PageHeader';
import { Page } from '../../components/Page';

function StateCard({ label, ok, detail }: { label: string; ok: boolean; detail: string }) {
  return (
    <Card>
      <Group justify="space-between">
        <Text fw={600}>{label}</Text>
        <Badge color={ok ? 'teal' : 'red'} variant="light">
          {ok ? 'Operational' : 'Unavailable'}
        </Badge>
      </Group>
      <Text c="dimmed" fz="sm" mt="xs">
        {detail}
      </Text>
    </Card>
  );
}

function describe(s: StatusResponse) {
  // A 503 arrives as {} (docs/spec.md section 8), which means the service could not answer.
  const serviceOk = s.status === 'ok';
  const dbOk = s.database === 'ok';
  return {
    serviceOk,
    dbOk,
    service: serviceOk
      ? `Release ${s.release ?? 'unknown'}`
      : 'The service is not answering normally.',
    database: dbOk
      ? `Database answered in ${s.databaseMs ?? 0} ms`
      : 'The database cannot be reached.',
  };
}

export default function StatusPage() {
  const q = useQuery({
    queryKey: queryKeys.status.page,
    queryFn: () => unwrap(system.status()),
    refetchInterval: 30_000,
  });
  return (
    <Page maw={760}>
      <PageHeader title="Status" description="Live state of the service and its database." />
      <QueryState query={q} loading="Checking the service">
        {(status) => <StatusCards status={status} />}
      </QueryState>
    </Page>
  );
}

function StatusCards({ status }: { status: StatusResponse }) {
  const d = describe(status);
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <StateCard label="Service" ok={d.serviceOk} detail={d.service} />
        <StateCard label="Database" ok={d.dbOk} detail={d.database} />
      </SimpleGrid>
      {status.time ? (
        <Text fz="xs" c="dimmed">
          Checked {new Date(status.time).toLocaleString()}
        </Text>
      ) : null}
    </Stack>
  );
}
