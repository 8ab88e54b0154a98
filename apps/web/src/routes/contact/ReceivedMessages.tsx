import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, queryKeys, unwrap } from '../../api';
import { QueryState } from '../../components/QueryState';
import { useFormat, useT } from '../../i18n';

/** Admins read what their school's people and visitors sent. */
export function ReceivedMessages() {
  const t = useT();
  const f = useFormat();
  const q = useQuery({
    queryKey: queryKeys.contactMessages,
    queryFn: () => unwrap(api.utility.contactMessages()),
  });
  return (
    <Stack gap="sm">
      <Title order={2} fz="h3">
        {t('welcome.contactReceived')}
      </Title>
      <QueryState query={q} loading={t('welcome.contactLoading')} size="section">
        {(messages) =>
          messages.length === 0 ? (
            <Text c="dimmed">{t('welcome.contactNone')}</Text>
          ) : (
            messages.map((m) => (
              <Card key={m._id} p="md">
                <Group justify="space-between" wrap="wrap">
                  <Group gap="xs">
                    <Text fw={600}>{m.userName}</Text>
                    <Badge variant="light" size="sm">
                      {m.userRole}
                    </Badge>
                  </Group>
                  <Text fz="xs" c="dimmed">
                    {f.dateTime(m.createdAt)}
                  </Text>
                </Group>
                <Text fz="sm" c="dimmed">
                  {t('welcome.contactFrom', { email: m.userEmail, school: m.userSchool })}
                </Text>
                <Text mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
                  {m.userMessage}
                </Text>
              </Card>
            ))
          )
        }
      </QueryState>
    </Stack>
  );
}
