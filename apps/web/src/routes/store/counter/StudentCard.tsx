import { Alert, Avatar, Card, Group, Stack, Text, Title } from '@mantine/core';
import { initials } from '@app/domain';
import { points } from '../words';
import { useT } from '../../../i18n';
import { gradeName } from '../../../components/orders/words';
import type { Found } from './counterData';

/** The student at the counter: picture or initials, name, grade and house, balance. */
export function StudentCard({ found: { found, lastKnown } }: { found: Found }) {
  const t = useT();
  const { student, balance } = found;
  const details = [student.grade ? gradeName(t, student.grade) : null, student.house].filter(
    (d): d is string => Boolean(d),
  );
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        {lastKnown ? (
          <Alert color="yellow" variant="light" role="status">
            {t('store.counter.lastKnown')}
          </Alert>
        ) : null}
        <Group gap="md" wrap="nowrap">
          <Avatar src={student.picture} size={64} radius="xl" color="grape" aria-hidden>
            {initials(student)}
          </Avatar>
          <Stack gap={2}>
            <Title order={2} fz="h3">
              {student.name}
            </Title>
            {details.length > 0 ? (
              <Text c="dimmed" fz="sm">
                {details.length === 2
                  ? t('store.counter.twoParts', { first: details[0]!, second: details[1]! })
                  : details[0]}
              </Text>
            ) : null}
          </Stack>
        </Group>
        <Text fz="xl" fw={700} data-testid="counter-balance">
          {t('store.counter.balanceIs', { amount: points(t, balance) })}
        </Text>
      </Stack>
    </Card>
  );
}
