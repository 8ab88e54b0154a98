import { Card, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { afterSchoolSettingsChange, settings, unwrap } from '../../api';
import { ErrorNotice } from '../../components/ErrorNotice';
import { QueryState } from '../../components/QueryState';
import { useSchoolSettings } from './useSchoolSettings';

/** The house system: whether its houses are set up and used (admins and house managers). */
export function HouseSystemTab() {
  const q = useSchoolSettings();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (on: boolean) => unwrap(settings.setHouseSystem(on)),
    onSuccess: (s) => {
      notifications.show({
        color: 'teal',
        message: s.isHouseSystemConfigured
          ? 'The house system is configured.'
          : 'The house system is marked not configured.',
      });
      void afterSchoolSettingsChange(queryClient);
    },
  });
  return (
    <Card p="lg">
      <Stack>
        <Title order={2} fz="h3">
          House system
        </Title>
        <QueryState query={q} size="section" loading="Loading the house system">
          {(s) => (
            <Stack>
              <Text c="dimmed">
                Houses group students across classes. When the house system is configured, houses
                show beside students and can receive bonuses and flags.
              </Text>
              <Switch
                label="House system configured"
                checked={s.isHouseSystemConfigured}
                disabled={save.isPending}
                onChange={(e) => save.mutate(e.currentTarget.checked)}
              />
              {save.isError ? (
                <ErrorNotice title="House system not changed" message={save.error.message} />
              ) : null}
            </Stack>
          )}
        </QueryState>
      </Stack>
    </Card>
  );
}
