import '@mantine/dates/styles.css';
import { useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { todayIn } from '@app/domain';
import { afterStoreMetaChange, api, unwrap, type StoreStateBody } from '../../api';
import { QueryState } from '../../components/QueryState';
import { useStoreMeta } from '../../components/customization/useCustomization';
import { useFormat, useT } from '../../i18n';

/** Open or close every store of the school (school admins and store managers), with a reopening date. */
export function StoreStateCard({ timeZone }: { timeZone: string }) {
  const t = useT();
  const f = useFormat();
  const queryClient = useQueryClient();
  const meta = useStoreMeta();
  const [reopen, setReopen] = useState<string | null>(null);
  const today = todayIn(timeZone);
  const change = useMutation({
    mutationFn: (body: StoreStateBody) => unwrap(api.settings.setStore({ body })),
    onSuccess: () => {
      setReopen(null);
      void afterStoreMetaChange(queryClient);
    },
  });
  return (
    <Card p="lg">
      <QueryState query={meta} loading={t('store.loadingState')} size="section">
        {(m) => (
          <Stack gap="sm">
            <Title order={2} fz="lg">
              {m.isOpen ? t('store.openTitle') : t('store.closedTitle')}
            </Title>
            <Text fz="sm" c="dimmed">
              {m.isOpen
                ? t('store.openExplain')
                : m.reopenDate
                  ? t('store.reopensExplain', { date: f.longDate(m.reopenDate) })
                  : t('store.closedExplain')}
            </Text>
            {m.isOpen ? (
              <Group align="flex-end" gap="sm">
                <DateInput
                  label={t('store.reopensOn')}
                  placeholder={t('store.pickDate')}
                  minDate={today}
                  value={reopen}
                  onChange={setReopen}
                  clearable
                  w={220}
                  excludeDate={(d) => d <= today}
                />
                <Button
                  color="orange"
                  variant="light"
                  onClick={() => change.mutate({ isOpen: false, reopenDate: reopen })}
                  loading={change.isPending}
                >
                  {t('store.closeStore')}
                </Button>
              </Group>
            ) : (
              <Group>
                <Button onClick={() => change.mutate({ isOpen: true })} loading={change.isPending}>
                  {t('store.openStore')}
                </Button>
              </Group>
            )}
            {change.isError ? (
              <Alert color="red" variant="light" title={t('store.notChanged')}>
                {change.error.message}
              </Alert>
            ) : null}
          </Stack>
        )}
      </QueryState>
    </Card>
  );
}
