import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { signedPoints } from '../../components/points';
import type { QueuedGive } from '../../offline/give-queue';
import { useFormat, useT } from '../../i18n';

/**
 * The gives kept on this device (issue 35): "Waiting to send (3)" while they wait, and whether the
 * device is offline.
 */
export function WaitingGives({
  queued,
  online,
  onSendNow,
}: {
  queued: readonly QueuedGive[];
  online: boolean;
  onSendNow: () => void;
}) {
  const t = useT();
  const waiting = queued.filter((g) => g.status === 'waiting').length;
  if (online && waiting === 0) return null;
  return (
    <Alert color={online ? 'blue' : 'orange'} variant="light" role="status">
      <Stack gap={6}>
        {online ? null : <Text fz="sm">{t('scan.offline')}</Text>}
        {waiting > 0 ? (
          <Group gap="sm" justify="space-between">
            <Text fw={700}>{t('scan.waiting', { count: waiting })}</Text>
            {online ? (
              <Button size="xs" variant="default" onClick={onSendNow}>
                {t('scan.sendNow')}
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Alert>
  );
}

/** The gives kept on this device that the server refused, each with its message and Drop. */
export function RefusedGives({
  queued,
  timeZone,
  onDrop,
}: {
  queued: readonly QueuedGive[];
  timeZone: string;
  onDrop: (give: QueuedGive) => void;
}) {
  const t = useT();
  const f = useFormat();
  const refused = queued.filter((g) => g.status === 'refused');
  if (refused.length === 0) return null;
  return (
    <Card p="lg" withBorder style={{ borderColor: 'var(--mantine-color-red-6)' }}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('scan.refusedTitle')}
        </Title>
        <Text fz="sm">{t('scan.refusedIntro')}</Text>
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {refused.map((g) => (
            <li key={g.idempotencyKey}>
              <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                  <Text fw={600}>
                    {t('scan.refusedLine', {
                      name: g.studentName,
                      action: g.action.name,
                      points: signedPoints(g.action.points, f.number),
                      when: f.dateTime(g.madeAt, timeZone),
                    })}
                  </Text>
                  <Text fz="sm" c="red.9">
                    {g.message}
                  </Text>
                </Stack>
                <Button
                  variant="default"
                  size="sm"
                  style={{ flexShrink: 0 }}
                  onClick={() => onDrop(g)}
                  aria-label={t('scan.dropOf', { name: g.studentName })}
                >
                  {t('scan.drop')}
                </Button>
              </Group>
            </li>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}
