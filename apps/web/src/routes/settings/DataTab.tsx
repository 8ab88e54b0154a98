import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Group,
  Progress,
  Radio,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { allows, confirmationName, confirmsErasure, EXPORT_HOURS } from '@app/domain';
import type { DataExport, ExportScope } from '@app/domain';
import {
  dataOut,
  isFailure,
  queryKeys,
  settings,
  unwrap,
  type SessionUser,
  type UserRoles,
} from '../../api';
import { download } from '../../components/download';
import { ErrorNotice } from '../../components/ErrorNotice';
import { QueryState } from '../../components/QueryState';

const POLL_MS = 1000;
const busy = (e: DataExport) => e.status === 'queued' || e.status === 'running';
const when = (iso: string) => new Date(iso).toLocaleString();

function ExportRow({ item }: { item: DataExport }) {
  const [error, setError] = useState<string | null>(null);
  const value =
    item.status === 'done'
      ? 100
      : item.total > 0
        ? Math.min(100, Math.round((item.done / item.total) * 100))
        : 0;
  const what = item.scope === 'district' ? "The district's data" : "The school's data";
  const label =
    item.status === 'done'
      ? `${what}: ready, ${Math.ceil((item.bytes ?? 0) / 1024)} KB, until ${item.expiresAt ? when(item.expiresAt) : ''}`
      : item.status === 'failed'
        ? `${what}: ${item.message ?? 'the export failed.'}`
        : item.status === 'queued'
          ? `${what}: waiting to start…`
          : `${what}: ${item.done} of ${item.total} rows written…`;
  const save = async () => {
    setError(null);
    const file = await dataOut.download(item._id);
    if (isFailure(file)) setError(file.message);
    else download(`${item.scope}-export-${item.createdAt.slice(0, 10)}.zip`, file);
  };
  return (
    <Stack gap={4}>
      <Progress.Root size="lg">
        <Progress.Section
          value={value}
          color={item.status === 'failed' ? 'red' : item.status === 'done' ? 'green' : 'blue'}
          animated={busy(item)}
          aria-label={`Export of ${when(item.createdAt)}`}
          aria-valuetext={label}
        />
      </Progress.Root>
      <Group justify="space-between" wrap="nowrap">
        <Text fz="sm" role="status" aria-live="polite">
          {label}
        </Text>
        {item.status === 'done' ? (
          <Button size="xs" variant="light" onClick={save}>
            Download the zip
          </Button>
        ) : null}
      </Group>
      {error ? <ErrorNotice title="The zip could not be downloaded" message={error} /> : null}
    </Stack>
  );
}

function Exports({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.dataExports,
    queryFn: () => unwrap(dataOut.exports()),
    refetchInterval: (q) => (q.state.data?.some(busy) ? POLL_MS : false),
  });
  const start = useMutation({
    mutationFn: (scope: ExportScope) => unwrap(dataOut.start(scope)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.dataExports }),
  });
  const running = query.data?.some(busy) ?? false;
  return (
    <Card withBorder>
      <Stack>
        <Title order={3}>Export the data</Title>
        <Text fz="sm">
          A zip of CSV files — people, classes, activities, wallets, orders, products and the
          school&apos;s settings — with a README.txt that explains every column. It is kept for{' '}
          {EXPORT_HOURS} hours, then deleted.
        </Text>
        <Group>
          <Button
            onClick={() => start.mutate('school')}
            loading={start.isPending}
            disabled={running}
          >
            Export the school&apos;s data
          </Button>
          {allows(user, 'data:exportDistrict') ? (
            <Button
              variant="light"
              onClick={() => start.mutate('district')}
              loading={start.isPending}
              disabled={running}
            >
              Export the district&apos;s data
            </Button>
          ) : null}
        </Group>
        {start.error ? (
          <ErrorNotice title="The export did not start" message={start.error.message} />
        ) : null}
        <QueryState
          query={query}
          loading="Loading the exports"
          size="section"
          errorTitle="The exports could not be read"
        >
          {(items) =>
            items.length ? (
              <Stack gap="md">
                {items.map((e) => (
                  <ExportRow key={e._id} item={e} />
                ))}
              </Stack>
            ) : (
              <Text fz="sm" c="dimmed">
                No export in the last {EXPORT_HOURS} hours.
              </Text>
            )
          }
        </QueryState>
      </Stack>
    </Card>
  );
}

function Erase() {
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<UserRoles[] | null>(null);
  const [chosen, setChosen] = useState<UserRoles | null>(null);
  const [typed, setTyped] = useState('');
  const find = useMutation({
    mutationFn: () => unwrap(settings.users({ search, role: 'STUDENT', limit: 10 })),
    onSuccess: (list) => {
      setFound(list.users);
      setChosen(null);
      setTyped('');
    },
  });
  const erase = useMutation({
    mutationFn: (s: UserRoles) => unwrap(dataOut.erase(s._id, typed)),
    onSuccess: () => {
      notifications.show({ color: 'green', message: 'The student was erased.' });
      setFound(null);
      setChosen(null);
      setTyped('');
    },
  });
  const fullName = chosen ? confirmationName(chosen.firstName, chosen.lastName) : '';
  return (
    <Card withBorder>
      <Stack>
        <Title order={3}>Erase a student</Title>
        <Text fz="sm">
          Removes the student&apos;s name, ids, e-mail, comments about them and every way to sign
          in. Their points and purchases stay, under &quot;Erased student&quot;, so the
          school&apos;s totals and reports still add up. This cannot be undone.
        </Text>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (search.trim()) find.mutate();
          }}
        >
          <Group align="end">
            <TextInput
              label="Find the student"
              description="Name or student id"
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
            />
            <Button type="submit" variant="light" loading={find.isPending}>
              Find
            </Button>
          </Group>
        </form>
        {find.error ? <ErrorNotice title="No search" message={find.error.message} /> : null}
        {found && !found.length ? <Text fz="sm">No student matches.</Text> : null}
        {found?.length ? (
          <Radio.Group
            label="Student to erase"
            value={chosen?._id ?? null}
            onChange={(v) => {
              setChosen(found.find((s) => s._id === v) ?? null);
              setTyped('');
            }}
          >
            <Stack gap={4} mt={4}>
              {found.map((s) => (
                <Radio
                  key={s._id}
                  value={s._id}
                  label={`${s.lastName}, ${s.firstName} (${s.externalId})`}
                />
              ))}
            </Stack>
          </Radio.Group>
        ) : null}
        {chosen ? (
          <Alert color="red" variant="light" title={`Erase ${fullName}?`}>
            <Stack gap="xs">
              <TextInput
                label={`Type the student's full name, ${fullName}, to confirm`}
                value={typed}
                onChange={(e) => setTyped(e.currentTarget.value)}
                autoComplete="off"
              />
              <Group>
                <Button
                  color="red"
                  disabled={!confirmsErasure(typed, chosen.firstName, chosen.lastName)}
                  loading={erase.isPending}
                  onClick={() => erase.mutate(chosen)}
                >
                  Erase the student
                </Button>
              </Group>
              {erase.error ? (
                <ErrorNotice title="The student was not erased" message={erase.error.message} />
              ) : null}
            </Stack>
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}

/** Settings, "Data": export the school's (or district's) data; erase a student. */
export function DataTab({ user }: { user: SessionUser }) {
  return (
    <Stack>
      {allows(user, 'data:export') ? <Exports user={user} /> : null}
      {allows(user, 'students:erase') ? <Erase /> : null}
    </Stack>
  );
}
