import { useState } from 'react';
import {
  Accordion,
  Alert,
  Button,
  FileInput,
  Group,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  afterRosterImport,
  api,
  queryKeys,
  unwrap,
  type RosterImport as RosterImportJob,
} from '../../api';
import { QueryState } from '../../components/QueryState';
import { useFormat, useT } from '../../i18n';

import { changeCount, IssueTable, DiffTables } from './RosterDiff';
/** How often a running import's progress is asked for. */
const POLL_MS = 500;

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
      const job = await unwrap(api.roster.status({ params: { id: importId } }));
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
  const t = useT();
  const { number: n } = useFormat();
  const { files, importId, check, start, onFinished, pick, dry, running, canImport } =
    useRosterImport();
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

/** The import's files, dry run and run, the progress of a running import, and the latest import's outcome. */
function useRosterImport() {
  const queryClient = useQueryClient();
  const t = useT();
  /** A toast's close button needs a name (axe: button-name). */
  const close = { 'aria-label': t('common.close') };
  const [files, setFiles] = useState<File[]>([]);
  const [importId, setImportId] = useState<string | null>(null);

  const form = () => {
    const data = new FormData();
    for (const f of files) data.append('files', f, f.name);
    return data;
  };
  const check = useMutation({ mutationFn: () => unwrap(api.roster.dryRun({ form: form() })) });
  const start = useMutation({
    mutationFn: () => unwrap(api.roster.start({ form: form() })),
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

  return { files, importId, check, start, onFinished, pick, dry, running, canImport };
}
