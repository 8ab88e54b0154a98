import { useEffect, useState } from 'react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { signedPoints } from '../../components/points';
import type { QueuedGive } from '../../offline/give-queue';
import { useFormat, useT } from '../../i18n';
import { mayUndo, UNDO_MS, type ScanResult } from './scanResults';

/** The clock, ticking each second while a give's Undo may still show. */
function useNow(results: readonly ScanResult[]): number {
  const [now, setNow] = useState(() => Date.now());
  const newest = results[0]?.at ?? 0;
  useEffect(() => {
    if (Date.now() - newest > UNDO_MS) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, [newest]);
  return now;
}

/** What became of a give, in words; a kept give the server refused says why. */
function statusWords(
  t: ReturnType<typeof useT>,
  r: ScanResult,
  kept: QueuedGive | undefined,
): { text: string; color: string } {
  if (kept?.status === 'refused' && r.status !== 'undone')
    return { text: t('scan.statusRefused', { message: kept.message ?? '' }), color: 'red' };
  switch (r.status) {
    case 'sending':
      return { text: t('scan.statusSending'), color: 'gray' };
    case 'given':
      return { text: t('scan.statusGiven'), color: 'teal' };
    case 'waiting':
      return { text: t('scan.statusWaiting'), color: 'orange' };
    case 'undoing':
      return { text: t('scan.statusUndoing'), color: 'gray' };
    case 'undone':
      return { text: t('scan.statusUndone'), color: 'gray' };
    case 'undoFailed':
      return { text: t('scan.statusUndoFailed', { message: r.message ?? '' }), color: 'red' };
  }
}

interface ResultProps {
  r: ScanResult;
  queued: readonly QueuedGive[];
  now: number;
  onUndo: (r: ScanResult) => void;
  large: boolean;
}

/** One give: the student's name and what they got, what became of it, and Undo while it may. */
function ResultLine({ r, queued, now, onUndo, large }: ResultProps) {
  const t = useT();
  const f = useFormat();
  const status = statusWords(
    t,
    r,
    queued.find((g) => g.idempotencyKey === r.key),
  );
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" align="center">
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Text fz={large ? 'lg' : 'md'} fw={large ? 700 : 500}>
          {t('scan.resultLine', {
            name: r.name,
            action: r.action.name,
            points: signedPoints(r.action.points, f.number),
          })}
        </Text>
        <Text fz="sm" fw={500} c={`${status.color}.9`}>
          {status.text}
        </Text>
      </Stack>
      {mayUndo(r, now) && status.color !== 'red' ? (
        <Button
          variant="default"
          size={large ? 'md' : 'sm'}
          style={{ flexShrink: 0 }}
          onClick={() => onUndo(r)}
          aria-label={t('scan.undoOf', { name: r.name })}
        >
          {t('scan.undo')}
        </Button>
      ) : null}
    </Group>
  );
}

interface Props {
  results: readonly ScanResult[];
  queued: readonly QueuedGive[];
  /** Why the last read gave nothing (not a badge, no such student). */
  notice: string | null;
  onUndo: (r: ScanResult) => void;
}

const Notice = ({ notice }: { notice: string | null }) =>
  notice ? (
    <Text c="red.9" fw={600}>
      {notice}
    </Text>
  ) : null;

/**
 * On a phone, the last read just above the camera (the list is further down, out of sight): who
 * got what, or why nothing was given. The list's live region says it to screen readers.
 */
export function LatestGive({ results, queued, notice, onUndo }: Props) {
  const now = useNow(results);
  // Mantine's md breakpoint, where the list stands beside the camera.
  const wide = useMediaQuery('(min-width: 62em)');
  const latest = results[0];
  if (wide || (!notice && !latest)) return null;
  return (
    <Stack gap="xs">
      <Notice notice={notice} />
      {latest && !notice ? (
        <ResultLine r={latest} queued={queued} now={now} onUndo={onUndo} large />
      ) : null}
    </Stack>
  );
}

/**
 * The latest gives, newest first and largest: the student's name, what they got, what became of
 * it, and Undo for 10 seconds. Read out as they change (a polite live region).
 */
export function ScanResults({ results, queued, notice, onUndo }: Props) {
  const t = useT();
  const now = useNow(results);
  return (
    <Card p="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('scan.resultsTitle')}
        </Title>
        <Stack gap="sm" aria-live="polite">
          <Notice notice={notice} />
          {results.length === 0 ? (
            <Text c="dimmed">{t('scan.noResults')}</Text>
          ) : (
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {results.map((r, i) => (
                <li key={r.key}>
                  <ResultLine r={r} queued={queued} now={now} onUndo={onUndo} large={i === 0} />
                </li>
              ))}
            </Stack>
          )}
        </Stack>
      </Stack>
    </Card>
  );
}
