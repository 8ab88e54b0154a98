import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { points } from '../words';
import { useFormat, useT } from '../../../i18n';
import type { QueuedSale } from '../../../offline/sales-queue';
import type { useSalesQueue } from './useSales';

/** "Ana Ruiz: 15 Merits, Oct 14, 2026, 9:41 AM". */
function useSaleLine(timeZone: string) {
  const t = useT();
  const f = useFormat();
  return (s: QueuedSale) =>
    t('store.counter.saleLine', {
      name: s.studentName,
      amount: points(t, s.total),
      when: f.dateTime(s.madeAt, timeZone),
    });
}

/**
 * The sales kept on this device (issue 35): those waiting for the network, sent in order when it
 * returns, and those the server refused, each with the student's name and the server's message, to
 * be settled with the student and dropped.
 */
export function OfflineSales({
  queue,
  timeZone,
}: {
  queue: ReturnType<typeof useSalesQueue>;
  timeZone: string;
}) {
  const t = useT();
  const line = useSaleLine(timeZone);
  const { waiting, refused, sentTo } = queue;
  return (
    <Stack gap="sm" mb={waiting.length + refused.length > 0 ? 'md' : 0}>
      {/* Said when a kept sale went through. */}
      <div role="status" aria-live="polite">
        {sentTo && waiting.length === 0 ? (
          <Text fz="sm" c="teal.9">
            {t('store.counter.sent', { name: sentTo })}
          </Text>
        ) : null}
      </div>
      {waiting.length > 0 ? (
        <Alert
          color="blue"
          variant="light"
          title={t('store.counter.waiting', { count: waiting.length })}
        >
          <Stack gap="xs">
            <Text fz="sm">{t('store.counter.waitingHelp')}</Text>
            <Stack component="ul" gap={2} m={0} pl="md">
              {waiting.map((s) => (
                <Text component="li" fz="sm" key={s.idempotencyKey}>
                  {line(s)}
                </Text>
              ))}
            </Stack>
            <Group>
              <Button size="xs" variant="white" onClick={() => void queue.flush()}>
                {t('store.counter.sendNow')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {refused.length > 0 ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          title={t('store.counter.refusedTitle', { count: refused.length })}
        >
          <Stack gap="xs">
            <Text fz="sm">{t('store.counter.refusedHelp')}</Text>
            <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
              {refused.map((s) => (
                <li key={s.idempotencyKey}>
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <Stack gap={0}>
                      <Text fz="sm" fw={600}>
                        {line(s)}
                      </Text>
                      <Text fz="sm">{s.message}</Text>
                    </Stack>
                    <Button
                      size="xs"
                      variant="white"
                      color="red"
                      onClick={() => queue.drop(s.idempotencyKey)}
                      aria-label={t('store.counter.dropAria', { name: s.studentName })}
                    >
                      {t('store.counter.drop')}
                    </Button>
                  </Group>
                </li>
              ))}
            </Stack>
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}
