import { useState } from 'react';
import {
  Accordion,
  Alert,
  Button,
  FileInput,
  Group,
  Progress,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { MessageKey } from '@app/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  afterRosterImport,
  queryKeys,
  roster,
  unwrap,
  type RosterDryRun,
  type RosterImport as RosterImportJob,
} from '../../api';
import { QueryState } from '../../components/QueryState';
import { TableScroll } from '../../components/ScrollRegion';
import { useFormat, useT } from '../../i18n';

type Summary = NonNullable<RosterDryRun['summary']>;
type Issue = RosterDryRun['errors'][number];
type ChangeList = Summary['people']['add'];

/** How often a running import's progress is asked for. */
const POLL_MS = 500;

/** The dry run's lists, in the order the tables show them. */
const LISTS: {
  key: string;
  label: MessageKey;
  list: (s: Summary) => ChangeList;
  who: MessageKey;
  detail: MessageKey;
}[] = [
  {
    key: 'people-add',
    label: 'settings.roster.peopleAdd',
    list: (s) => s.people.add,
    who: 'settings.roster.person',
    detail: 'settings.roster.role',
  },
  {
    key: 'people-change',
    label: 'settings.roster.peopleChange',
    list: (s) => s.people.change,
    who: 'settings.roster.person',
    detail: 'settings.roster.role',
  },
  {
    key: 'people-remove',
    label: 'settings.roster.peopleRemove',
    list: (s) => s.people.remove,
    who: 'settings.roster.person',
    detail: 'settings.roster.roles',
  },
  {
    key: 'periods-add',
    label: 'settings.roster.classesAdd',
    list: (s) => s.periods.add,
    who: 'settings.roster.class',
    detail: 'settings.roster.teacher',
  },
  {
    key: 'periods-change',
    label: 'settings.roster.classesChange',
    list: (s) => s.periods.change,
    who: 'settings.roster.class',
    detail: 'settings.roster.teacher',
  },
  {
    key: 'periods-remove',
    label: 'settings.roster.classesRemove',
    list: (s) => s.periods.remove,
    who: 'settings.roster.class',
    detail: 'settings.roster.teacher',
  },
  {
    key: 'enrollments-add',
    label: 'settings.roster.enrollmentsAdd',
    list: (s) => s.enrollments.add,
    who: 'settings.roster.student',
    detail: 'settings.roster.class',
  },
  {
    key: 'enrollments-remove',
    label: 'settings.roster.enrollmentsRemove',
    list: (s) => s.enrollments.remove,
    who: 'settings.roster.student',
    detail: 'settings.roster.class',
  },
  {
    key: 'co-add',
    label: 'settings.roster.coAdd',
    list: (s) => s.coTeachers.add,
    who: 'settings.roster.coTeacher',
    detail: 'settings.roster.class',
  },
  {
    key: 'co-remove',
    label: 'settings.roster.coRemove',
    list: (s) => s.coTeachers.remove,
    who: 'settings.roster.coTeacher',
    detail: 'settings.roster.class',
  },
];

const changeCount = (s: Summary) => LISTS.reduce((sum, l) => sum + l.list(s).count, 0);

function IssueTable({ issues, caption }: { issues: Issue[]; caption: string }) {
  const t = useT();
  return (
    <TableScroll label={caption} minWidth={520}>
      <Table verticalSpacing="xs" striped>
        <caption style={{ captionSide: 'top', textAlign: 'left', paddingBottom: 8 }}>
          {caption}
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('settings.roster.file')}</Table.Th>
            <Table.Th>{t('settings.roster.line')}</Table.Th>
            <Table.Th>{t('settings.roster.reason')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {issues.map((e, i) => (
            <Table.Tr key={i}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{e.file}</Table.Td>
              <Table.Td>
                {e.line === 0
                  ? t('settings.roster.wholeFile')
                  : e.line === 1
                    ? t('settings.roster.header')
                    : e.line}
              </Table.Td>
              <Table.Td>{e.reason}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

/** What the import would change: counts, then each non-empty list in its own panel. */
function DiffTables({ summary }: { summary: Summary }) {
  const t = useT();
  const { number: n } = useFormat();
  const rows: { what: MessageKey; add: number; change: number | null; remove: number }[] = [
    {
      what: 'settings.roster.people',
      add: summary.people.add.count,
      change: summary.people.change.count,
      remove: summary.people.remove.count,
    },
    {
      what: 'settings.roster.classes',
      add: summary.periods.add.count,
      change: summary.periods.change.count,
      remove: summary.periods.remove.count,
    },
    {
      what: 'settings.roster.enrollments',
      add: summary.enrollments.add.count,
      change: null,
      remove: summary.enrollments.remove.count,
    },
    {
      what: 'settings.roster.coTeachers',
      add: summary.coTeachers.add.count,
      change: null,
      remove: summary.coTeachers.remove.count,
    },
  ];
  const lists = LISTS.filter((l) => l.list(summary).count > 0);
  return (
    <Stack gap="sm">
      <Table withTableBorder verticalSpacing="xs" maw={520}>
        <caption style={{ captionSide: 'top', textAlign: 'left', paddingBottom: 8 }}>
          {t('settings.roster.wouldChange')}
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('settings.roster.kind')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('settings.roster.add')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('settings.roster.change')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('settings.roster.remove')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.what}>
              <Table.Th scope="row">{t(r.what)}</Table.Th>
              <Table.Td ta="right">{n(r.add)}</Table.Td>
              <Table.Td ta="right">
                {r.change === null ? t('settings.roster.none') : n(r.change)}
              </Table.Td>
              <Table.Td ta="right">{n(r.remove)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {lists.length ? (
        <Accordion variant="separated" multiple>
          {lists.map((l) => {
            const list = l.list(summary);
            const label = t(l.label);
            const caption =
              list.items.length < list.count
                ? t('settings.roster.listCountFirst', {
                    label,
                    count: n(list.count),
                    listed: n(list.items.length),
                  })
                : t('settings.roster.listCount', { label, count: n(list.count) });
            return (
              <Accordion.Item key={l.key} value={l.key}>
                <Accordion.Control>{caption}</Accordion.Control>
                <Accordion.Panel>
                  <TableScroll label={label} minWidth={480}>
                    <Table verticalSpacing="xs" striped>
                      <caption style={{ captionSide: 'top', textAlign: 'left', paddingBottom: 8 }}>
                        {label}
                      </caption>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{t(l.who)}</Table.Th>
                          <Table.Th>{t('settings.id')}</Table.Th>
                          <Table.Th>{t(l.detail)}</Table.Th>
                          {l.key.endsWith('change') ? (
                            <Table.Th>{t('settings.roster.whatChanges')}</Table.Th>
                          ) : null}
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {list.items.map((c, i) => (
                          <Table.Tr key={`${c.sourcedId}-${i}`}>
                            <Table.Td>{c.name}</Table.Td>
                            <Table.Td>{c.sourcedId}</Table.Td>
                            <Table.Td>{c.detail}</Table.Td>
                            {l.key.endsWith('change') ? (
                              <Table.Td>{(c.fields ?? []).join(', ')}</Table.Td>
                            ) : null}
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </TableScroll>
                </Accordion.Panel>
              </Accordion.Item>
            );
          })}
        </Accordion>
      ) : null}
    </Stack>
  );
}

/** A running or finished import: its progress bar, then what it did. */
function ImportProgress({
  importId,
  onFinished,
}: {
  importId: string;
  onFinished: (job: RosterImportJob) => void;
}) {
  const t = useT();
  const { number: n } = useFormat();
  const query = useQuery({
    queryKey: queryKeys.rosterImport(importId),
    queryFn: async () => {
      const job = await unwrap(roster.status(importId));
      if (job.status !== 'running') onFinished(job);
      return job;
    },
    refetchInterval: (q) => (q.state.data?.status === 'running' || !q.state.data ? POLL_MS : false),
  });
  return (
    <QueryState
      query={query}
      loading={t('settings.roster.loadingProgress')}
      size="section"
      errorTitle={t('settings.roster.progressUnread')}
    >
      {(job) => {
        const total = job.total ?? 0;
        const value =
          job.status === 'done'
            ? 100
            : total > 0 && job.done !== null
              ? Math.min(100, (job.done / total) * 100)
              : 0;
        const label =
          job.status === 'done'
            ? t('settings.roster.finished', { count: total })
            : job.status === 'failed'
              ? (job.message ?? t('settings.roster.failedNothing'))
              : job.phase === 'checking' || job.done === null
                ? t('settings.roster.comparing')
                : t('settings.roster.writing', { done: n(job.done), total: n(total) });
        return (
          <Stack gap="xs">
            <Progress.Root size="lg">
              <Progress.Section
                value={value}
                color={job.status === 'failed' ? 'red' : job.status === 'done' ? 'green' : 'blue'}
                animated={job.status === 'running'}
                aria-label={t('settings.roster.progress')}
                aria-valuetext={label}
              />
            </Progress.Root>
            <Text fz="sm" role="status" aria-live="polite">
              {label}
            </Text>
            {job.status === 'done' && job.summary ? (
              <Alert color="green" variant="light" title={t('settings.roster.imported')}>
                {changeCount(job.summary) === 0
                  ? t('settings.roster.noChange')
                  : t('settings.roster.changesMade', { count: changeCount(job.summary) })}
              </Alert>
            ) : null}
            {job.status === 'failed' ? (
              <Alert color="red" variant="light" title={t('settings.roster.failed')}>
                {job.message ?? t('settings.roster.tryLater')}
              </Alert>
            ) : null}
          </Stack>
        );
      }}
    </QueryState>
  );
}

/**
 * OneRoster 1.1 CSV import for school admins (settings): pick the files (a .zip or the five .csv
 * files), check them (a dry run listing problems by file and line, or what would change), import,
 * and follow the import's progress.
 */
export function RosterImport() {
  const queryClient = useQueryClient();
  const t = useT();
  const { number: n } = useFormat();
  /** A toast's close button needs a name (axe: button-name). */
  const close = { 'aria-label': t('common.close') };
  const [files, setFiles] = useState<File[]>([]);
  const [importId, setImportId] = useState<string | null>(null);

  const form = () => {
    const data = new FormData();
    for (const f of files) data.append('files', f, f.name);
    return data;
  };
  const check = useMutation({ mutationFn: () => unwrap(roster.dryRun(form())) });
  const start = useMutation({
    mutationFn: () => unwrap(roster.start(form())),
    onSuccess: (job) => setImportId(job._id),
    onError: (err) =>
      notifications.show({
        color: 'red',
        title: t('settings.roster.notImported'),
        message: err.message,
        closeButtonProps: close,
      }),
  });
  const onFinished = (job: RosterImportJob) => {
    if (job.status === 'done') {
      void afterRosterImport(queryClient);
      notifications.show({
        color: 'green',
        title: t('settings.roster.importedToast'),
        message: t('settings.roster.rowsWritten', { count: job.total ?? 0 }),
        closeButtonProps: close,
      });
    } else
      notifications.show({
        color: 'red',
        title: t('settings.roster.notImported'),
        message: job.message ?? t('settings.roster.importFailed'),
        closeButtonProps: close,
      });
  };

  const pick = (picked: File[]) => {
    setFiles(picked);
    setImportId(null);
    check.reset();
    start.reset();
  };
  const dry = check.data;
  const running =
    start.isPending ||
    (importId !== null &&
      queryClient.getQueryData<RosterImportJob>(queryKeys.rosterImport(importId))?.status ===
        'running');
  const canImport = dry && dry.errorCount === 0 && dry.summary !== null && !importId;

  return (
    <Stack gap="md">
      <Title order={2}>{t('settings.roster.title')}</Title>
      <Text fz="sm">{t('settings.roster.help')}</Text>
      <Group align="flex-end">
        <FileInput
          label={t('settings.roster.files')}
          description={t('settings.roster.filesHelp')}
          placeholder={t('settings.roster.chooseFiles')}
          multiple
          clearable
          clearButtonProps={{ 'aria-label': t('settings.roster.clearFiles') }}
          accept=".zip,.csv,application/zip,text/csv"
          value={files}
          onChange={pick}
          miw={280}
        />
        <Button
          onClick={() => check.mutate()}
          disabled={!files.length || running}
          loading={check.isPending}
        >
          {t('settings.roster.check')}
        </Button>
      </Group>

      {check.error ? (
        <Alert color="red" variant="light" title={t('settings.roster.checkFailed')}>
          {check.error.message}
        </Alert>
      ) : null}

      {dry ? (
        <Stack gap="sm">
          {dry.errorCount > 0 ? (
            <>
              <Alert
                color="red"
                variant="light"
                title={t('settings.roster.problems', { count: dry.errorCount })}
              >
                {dry.errors.length < dry.errorCount
                  ? t('settings.roster.fixFirstListed', { count: n(dry.errors.length) })
                  : t('settings.roster.fixFirst')}
              </Alert>
              <IssueTable issues={dry.errors} caption={t('settings.roster.problemsCaption')} />
            </>
          ) : null}
          {dry.warningCount > 0 ? (
            <Accordion variant="separated">
              <Accordion.Item value="warnings">
                <Accordion.Control>
                  {t('settings.roster.leftOut', { count: dry.warningCount })}
                </Accordion.Control>
                <Accordion.Panel>
                  <IssueTable issues={dry.warnings} caption={t('settings.roster.leftOutCaption')} />
                </Accordion.Panel>
              </Accordion.Item>
            </Accordion>
          ) : null}
          {dry.summary ? (
            <>
              <DiffTables summary={dry.summary} />
              {changeCount(dry.summary) === 0 ? (
                <Text fz="sm" role="status">
                  {t('settings.roster.nothingToChange')}
                </Text>
              ) : null}
              <Group>
                <Button
                  color="green"
                  onClick={() => start.mutate()}
                  disabled={!canImport}
                  loading={start.isPending}
                >
                  {t('settings.roster.import')}
                </Button>
              </Group>
            </>
          ) : null}
        </Stack>
      ) : null}

      {importId ? <ImportProgress importId={importId} onFinished={onFinished} /> : null}
    </Stack>
  );
}
