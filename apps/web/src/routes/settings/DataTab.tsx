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
import { allows, confirmationName, confirmsErasure, EXPORT_HOURS, onlyStudent } from '@app/domain';
import type { DataExport, ExportScope } from '@app/domain';
import { api, isFailure, queryKeys, unwrap, type SessionUser, type UserRoles } from '../../api';
import { download } from '../../components/download';
import { ErrorNotice } from '../../components/ErrorNotice';
import { QueryState } from '../../components/QueryState';
import { useFormat, useT } from '../../i18n';

const POLL_MS = 1000;
const busy = (e: DataExport) => e.status === 'queued' || e.status === 'running';

function ExportRow({ item, timeZone }: { item: DataExport; timeZone: string }) {
  const t = useT();
  const f = useFormat();
  const when = (iso: string) => f.dateTime(iso, timeZone);
  const [error, setError] = useState<string | null>(null);
  const value =
    item.status === 'done'
      ? 100
      : item.total > 0
        ? Math.min(100, Math.round((item.done / item.total) * 100))
        : 0;
  const what = t(item.scope === 'district' ? 'settings.data.district' : 'settings.data.school');
  const label =
    item.status === 'done'
      ? t('settings.data.ready', {
          what,
          kb: f.number(Math.ceil((item.bytes ?? 0) / 1024)),
          until: item.expiresAt ? when(item.expiresAt) : '',
        })
      : item.status === 'failed'
        ? t('settings.data.failed', {
            what,
            message: item.message ?? t('settings.data.failedDefault'),
          })
        : item.status === 'queued'
          ? t('settings.data.queued', { what })
          : t('settings.data.running', {
              what,
              done: f.number(item.done),
              total: f.number(item.total),
            });
  const save = async () => {
    setError(null);
    const file = await api.exports.download({ params: { id: item._id } });
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
          aria-label={t('settings.data.exportOf', { when: when(item.createdAt) })}
          aria-valuetext={label}
        />
      </Progress.Root>
      <Group justify="space-between" wrap="nowrap">
        <Text fz="sm" role="status" aria-live="polite">
          {label}
        </Text>
        {item.status === 'done' ? (
          <Button size="xs" variant="light" onClick={save}>
            {t('settings.data.download')}
          </Button>
        ) : null}
      </Group>
      {error ? <ErrorNotice title={t('settings.data.downloadFailed')} message={error} /> : null}
    </Stack>
  );
}

function Exports({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient();
  const t = useT();
  const query = useQuery({
    queryKey: queryKeys.dataExports,
    queryFn: () => unwrap(api.exports.list()),
    refetchInterval: (q) => (q.state.data?.some(busy) ? POLL_MS : false),
  });
  const start = useMutation({
    mutationFn: (scope: ExportScope) => unwrap(api.exports.start({ body: { scope } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.dataExports }),
  });
  const running = query.data?.some(busy) ?? false;
  return (
    <Card withBorder>
      <Stack>
        <Title order={3}>{t('settings.data.exportTitle')}</Title>
        <Text fz="sm">{t('settings.data.exportHelp', { hours: EXPORT_HOURS })}</Text>
        <Group>
          <Button
            onClick={() => start.mutate('school')}
            loading={start.isPending}
            disabled={running}
          >
            {t('settings.data.exportSchool')}
          </Button>
          {allows(user, 'data:exportDistrict') ? (
            <Button
              variant="light"
              onClick={() => start.mutate('district')}
              loading={start.isPending}
              disabled={running}
            >
              {t('settings.data.exportDistrict')}
            </Button>
          ) : null}
        </Group>
        {start.error ? (
          <ErrorNotice title={t('settings.data.notStarted')} message={start.error.message} />
        ) : null}
        <QueryState
          query={query}
          loading={t('settings.data.loadingExports')}
          size="section"
          errorTitle={t('settings.data.exportsUnread')}
        >
          {(items) =>
            items.length ? (
              <Stack gap="md">
                {items.map((e) => (
                  <ExportRow key={e._id} item={e} timeZone={user.school.timeZone} />
                ))}
              </Stack>
            ) : (
              <Text fz="sm" c="dimmed">
                {t('settings.data.noExports', { hours: EXPORT_HOURS })}
              </Text>
            )
          }
        </QueryState>
      </Stack>
    </Card>
  );
}

function Erase() {
  const t = useT();
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<UserRoles[] | null>(null);
  const [chosen, setChosen] = useState<UserRoles | null>(null);
  const [typed, setTyped] = useState('');
  const find = useMutation({
    mutationFn: () => unwrap(api.settings.users({ query: { search, role: 'STUDENT', limit: 10 } })),
    onSuccess: (list) => {
      // Only a student is erased: one who also holds a staff role is not offered.
      setFound(list.users.filter((u) => onlyStudent(u.roles)));
      setChosen(null);
      setTyped('');
    },
  });
  const erase = useMutation({
    mutationFn: (s: UserRoles) =>
      unwrap(api.settings.erase({ params: { id: s._id }, body: { confirm: typed } })),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('settings.data.erased') });
      setFound(null);
      setChosen(null);
      setTyped('');
    },
  });
  const fullName = chosen ? confirmationName(chosen.firstName, chosen.lastName) : '';
  return (
    <Card withBorder>
      <Stack>
        <Title order={3}>{t('settings.data.eraseTitle')}</Title>
        <Text fz="sm">{t('settings.data.eraseHelp')}</Text>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (search.trim()) find.mutate();
          }}
        >
          <Group align="end">
            <TextInput
              label={t('settings.data.find')}
              description={t('settings.data.findHelp')}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
            />
            <Button type="submit" variant="light" loading={find.isPending}>
              {t('settings.data.findButton')}
            </Button>
          </Group>
        </form>
        {find.error ? (
          <ErrorNotice title={t('settings.data.noSearch')} message={find.error.message} />
        ) : null}
        {found && !found.length ? <Text fz="sm">{t('settings.data.noMatch')}</Text> : null}
        {found?.length ? (
          <StudentChoice
            found={found}
            chosen={chosen}
            onChoose={(s) => {
              setChosen(s);
              setTyped('');
            }}
          />
        ) : null}
        {chosen ? (
          <Alert
            color="red"
            variant="light"
            title={t('settings.data.eraseQuestion', { name: fullName })}
          >
            <Stack gap="xs">
              <TextInput
                label={t('settings.data.typeName', { name: fullName })}
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
                  {t('settings.data.erase')}
                </Button>
              </Group>
              {erase.error ? (
                <ErrorNotice title={t('settings.data.notErased')} message={erase.error.message} />
              ) : null}
            </Stack>
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}

/** The students found, one to choose for erasing. */
function StudentChoice({
  found,
  chosen,
  onChoose,
}: {
  found: UserRoles[];
  chosen: UserRoles | null;
  onChoose: (s: UserRoles | null) => void;
}) {
  const t = useT();
  return (
    <Radio.Group
      label={t('settings.data.toErase')}
      value={chosen?._id ?? null}
      onChange={(v) => onChoose(found.find((s) => s._id === v) ?? null)}
    >
      <Stack gap={4} mt={4}>
        {found.map((s) => (
          <Radio
            key={s._id}
            value={s._id}
            label={t('settings.data.option', {
              lastName: s.lastName,
              firstName: s.firstName,
              id: s.externalId,
            })}
          />
        ))}
      </Stack>
    </Radio.Group>
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
