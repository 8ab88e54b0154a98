import { Card, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { afterSchoolSettingsChange, api, queryKeys, unwrap } from '../../api';
import type { SettingsView } from '../../api';
import { ErrorNotice } from '../../components/ErrorNotice';
import { QueryState } from '../../components/QueryState';
import { useT } from '../../i18n';
import { useSchoolSettings } from './useSchoolSettings';

/** The house system: whether its houses are set up and used (admins and house managers). */
export function HouseSystemTab() {
  const t = useT();
  const q = useSchoolSettings();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (on: boolean) =>
      unwrap(api.settings.setHouseSystem({ body: { isHouseSystemConfigured: on } })),
    onSuccess: (s) => {
      // The switch shows the saved state at once, not the stale read until the refetch lands
      // (a second tap meanwhile would send the same state again).
      queryClient.setQueryData<SettingsView>(queryKeys.settings.school, (old) =>
        old ? { ...old, ...s } : old,
      );
      notifications.show({
        color: 'teal',
        message: s.isHouseSystemConfigured
          ? t('settings.house.savedOn')
          : t('settings.house.savedOff'),
      });
      void afterSchoolSettingsChange(queryClient);
    },
  });
  return (
    <Card p="lg">
      <Stack>
        <Title order={2} fz="h3">
          {t('settings.house.title')}
        </Title>
        <QueryState query={q} size="section" loading={t('settings.house.loading')}>
          {(s) => (
            <Stack>
              <Text c="dimmed">{t('settings.house.help')}</Text>
              <Switch
                label={t('settings.house.configured')}
                checked={s.isHouseSystemConfigured}
                disabled={save.isPending}
                onChange={(e) => save.mutate(e.currentTarget.checked)}
              />
              {save.isError ? (
                <ErrorNotice title={t('settings.house.notChanged')} message={save.error.message} />
              ) : null}
            </Stack>
          )}
        </QueryState>
      </Stack>
    </Card>
  );
}
