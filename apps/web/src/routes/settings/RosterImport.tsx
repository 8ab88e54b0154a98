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

type Summary = NonNullable<RosterDryRun['summary']>;
type Issue = RosterDryRun['errors'][number];
type ChangeList = Summary['people']['add'];

const n = (x: number) => x.toLocaleString('en-US');
/** A toast's close button needs a name (axe: button-name). */
const CLOSE = { 'aria-label': 'Close' };
/** How often a running import's progress is asked for. */
const POLL_MS = 500;

/** The dry run's lists, in the order the tables show them. */
const LISTS: {
  key: string;
  label: string;
  list: (s: Summary) => ChangeList;
  who: string;
  detail: string;
}[] = [
  {
    key: 'people-add',
    label: 'People to add',
    list: (s) => s.people.add,
    who: 'Person',
    detail: 'Role',
  },
  {
    key: 'people-change',
    label: 'People to change',
    list: (s) => s.people.change,
    who: 'Person',
    detail: 'Role',
  },
  {
    key: 'people-remove',
    label: 'People who leave (kept with their history, taken out of every class)',
    list: (s) => s.people.remove,
    who: 'Person',
    detail: 'Roles',
  },
  {
    key: 'periods-add',
    label: 'Classes to add',
    list: (s) => s.periods.add,
    who: 'Class',
    detail: 'Teacher',
  },
  {
    key: 'periods-change',
    label: 'Classes to change',
    list: (s) => s.periods.change,
    who: 'Class',
    detail: 'Teacher',
  },
  {
    key: 'periods-remove',
    label: 'Classes to close (their students unenrolled)',
    list: (s) => s.periods.remove,
    who: 'Class',
    detail: 'Teacher',
  },
  {
    key: 'enrollments-add',
    label: 'Enrollments to add',
    list: (s) => s.enrollments.add,
    who: 'Student',
    detail: 'Class',
  },
  {
    key: 'enrollments-remove',
    label: 'Enrollments to remove',
    list: (s) => s.enrollments.remove,
    who: 'Student',
    detail: 'Class',
  },
  {
    key: 'co-add',
    label: 'Co-teachers to add',
    list: (s) => s.coTeachers.add,
    who: 'Co-teacher',
    detail: 'Class',
  },
  {
    key: 'co-remove',
    label: 'Co-teachers to remove',
    list: (s) => s.coTeachers.remove,
    who: 'Co-teacher',
    detail: 'Class',
  },
];

const changeCount = (s: Summary) => LISTS.reduce((sum, l) => sum + l.list(s).count, 0);

function IssueTable({ issues, caption }: { issues: Issue[]; caption: string }) {
  return (
    <TableScroll label={caption} minWidth={520}>
      <Table verticalSpacing="xs" striped>
        <caption style={{ captionSide: 'top', textAlign: 'left', paddingBottom: 8 }}>
          {caption}
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>File</Table.Th>
            <Table.Th>Line</Table.Th>
            <Table.Th>Reason</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {issues.map((e, i) => (
            <Table.Tr key={i}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{e.file}</Table.Td>
              <Table.Td>
                {e.line === 0 ? 'whole file' : e.line === 1 ? '1 (header)' : e.line}
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
  const rows = [
    {
      what: 'People',
      add: summary.people.add.count,
      change: summary.people.change.count,
      remove: summary.people.remove.count,
    },
    {
      what: 'Classes',
      add: summary.periods.add.count,
      change: summary.periods.change.count,
      remove: summary.periods.remove.count,
    },
    {
      what: 'Enrollments',
      add: summary.enrollments.add.count,
      change: null,
      remove: summary.enrollments.remove.count,
    },
    {
      what: 'Co-teachers',
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
          What the import would change
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Kind</Table.Th>
            <Table.Th scope="col" ta="right">
              Add
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Change
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Remove
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.what}>
              <Table.Th scope="row">{r.what}</Table.Th>
              <Table.Td ta="right">{n(r.add)}</Table.Td>
              <Table.Td ta="right">{r.change === null ? '–' : n(r.change)}</Table.Td>
              <Table.Td ta="right">{n(r.remove)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {lists.length ? (
        <Accordion variant="separated" multiple>
          {lists.map((l) => {
            const list = l.list(summary);
            const caption = `${l.label}: ${n(list.count)}${list.items.length < list.count ? `, the first ${n(list.items.length)} listed` : ''}`;
            return (
              <Accordion.Item key={l.key} value={l.key}>
                <Accordion.Control>{caption}</Accordion.Control>
                <Accordion.Panel>
                  <TableScroll label={l.label} minWidth={480}>
                    <Table verticalSpacing="xs" striped>
                      <caption style={{ captionSide: 'top', textAlign: 'left', paddingBottom: 8 }}>
                        {l.label}
                      </caption>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{l.who}</Table.Th>
                          <Table.Th>Id</Table.Th>
                          <Table.Th>{l.detail}</Table.Th>
                          {l.key.endsWith('change') ? <Table.Th>What changes</Table.Th> : null}
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
      loading="Loading the import's progress"
      size="section"
      errorTitle="The import's progress could not be read"
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
            ? `Import finished: ${n(total)} rows written.`
            : job.status === 'failed'
              ? (job.message ?? 'The import failed; nothing was changed.')
              : job.phase === 'checking' || job.done === null
                ? 'Comparing the files with the school…'
                : `Writing ${n(job.done)} of ${n(total)} rows…`;
        return (
          <Stack gap="xs">
            <Progress.Root size="lg">
              <Progress.Section
                value={value}
                color={job.status === 'failed' ? 'red' : job.status === 'done' ? 'green' : 'blue'}
                animated={job.status === 'running'}
                aria-label="Import progress"
                aria-valuetext={label}
              />
            </Progress.Root>
            <Text fz="sm" role="status" aria-live="polite">
              {label}
            </Text>
            {job.status === 'done' && job.summary ? (
              <Alert color="green" variant="light" title="The roster is imported">
                {changeCount(job.summary) === 0
                  ? 'Nothing had changed since the last import.'
                  : `${n(changeCount(job.summary))} changes were made.`}
              </Alert>
            ) : null}
            {job.status === 'failed' ? (
              <Alert color="red" variant="light" title="The import failed">
                {job.message ?? 'Nothing was changed. Try again later.'}
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
        title: 'Roster not imported',
        message: err.message,
        closeButtonProps: CLOSE,
      }),
  });
  const onFinished = (job: RosterImportJob) => {
    if (job.status === 'done') {
      void afterRosterImport(queryClient);
      notifications.show({
        color: 'green',
        title: 'Roster imported',
        message: `${n(job.total ?? 0)} rows written.`,
        closeButtonProps: CLOSE,
      });
    } else
      notifications.show({
        color: 'red',
        title: 'Roster not imported',
        message: job.message ?? 'The import failed.',
        closeButtonProps: CLOSE,
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
      <Title order={2}>Roster import</Title>
      <Text fz="sm">
        Import the school&apos;s people, classes and enrollments from OneRoster 1.1 CSV files (orgs,
        academicSessions, users, classes, enrollments): a .zip of them or the files themselves.
        Check the files first; the import then changes only what the check lists. People are matched
        by their sourcedId, which is also their single sign-on id; students who leave keep their
        points and orders and are taken out of their classes.
      </Text>
      <Group align="flex-end">
        <FileInput
          label="OneRoster files"
          description=".zip or .csv, 60 MB at most in all"
          placeholder="Choose files"
          multiple
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the chosen files' }}
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
          Check files
        </Button>
      </Group>

      {check.error ? (
        <Alert color="red" variant="light" title="The files could not be checked">
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
                title={`${n(dry.errorCount)} problem${dry.errorCount === 1 ? '' : 's'} in the files`}
              >
                Nothing can be imported until they are fixed.
                {dry.errors.length < dry.errorCount
                  ? ` The first ${n(dry.errors.length)} are listed.`
                  : ''}
              </Alert>
              <IssueTable issues={dry.errors} caption="Problems in the files" />
            </>
          ) : null}
          {dry.warningCount > 0 ? (
            <Accordion variant="separated">
              <Accordion.Item value="warnings">
                <Accordion.Control>{`${n(dry.warningCount)} row${dry.warningCount === 1 ? '' : 's'} left out (they do not stop the import)`}</Accordion.Control>
                <Accordion.Panel>
                  <IssueTable issues={dry.warnings} caption="Rows left out" />
                </Accordion.Panel>
              </Accordion.Item>
            </Accordion>
          ) : null}
          {dry.summary ? (
            <>
              <DiffTables summary={dry.summary} />
              {changeCount(dry.summary) === 0 ? (
                <Text fz="sm" role="status">
                  The school already matches these files: an import would change nothing.
                </Text>
              ) : null}
              <Group>
                <Button
                  color="green"
                  onClick={() => start.mutate()}
                  disabled={!canImport}
                  loading={start.isPending}
                >
                  Import
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
