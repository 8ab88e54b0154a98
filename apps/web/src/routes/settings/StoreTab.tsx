import '@mantine/dates/styles.css';
import { useState } from 'react';
import { Alert, Button, Card, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addDays, todayIn } from '@app/domain';
import {
  afterSchoolSettingsChange,
  api,
  unwrap,
  type SessionUser,
  type SettingsView,
  type StoreStateBody,
} from '../../api';
import { ErrorNotice } from '../../components/ErrorNotice';
import { QueryState } from '../../components/QueryState';
import { useFormat, useT } from '../../i18n';
import { DeliveryDates } from './DeliveryDates';
import { useSchoolSettings } from './useSchoolSettings';

function OpenClosed({ current, user }: { current: SettingsView; user: SessionUser }) {
  const queryClient = useQueryClient();
  const t = useT();
  const f = useFormat();
  const [state, setState] = useState<'open' | 'closed'>(current.store.isOpen ? 'open' : 'closed');
  const [reopen, setReopen] = useState<string | null>(current.store.reopenDate);
  const tomorrow = addDays(todayIn(user.school.timeZone), 1);
  const save = useMutation({
    mutationFn: (body: StoreStateBody) => unwrap(api.settings.setStore({ body })),
    onSuccess: (s) => {
      notifications.show({
        color: 'teal',
        message: s.isOpen
          ? t('settings.store.savedOpen')
          : s.reopenDate
            ? t('settings.store.savedReopens', { date: f.longDate(s.reopenDate) })
            : t('settings.store.savedClosed'),
      });
      void afterSchoolSettingsChange(queryClient);
    },
  });
  return (
    <Stack>
      <Alert
        color={current.store.isOpen ? 'teal' : 'orange'}
        variant="light"
        title={t(current.store.isOpen ? 'settings.store.isOpen' : 'settings.store.isClosed')}
      >
        {current.store.isOpen
          ? t('settings.store.buyEverywhere')
          : current.store.reopenDate
            ? t('settings.store.reopens', { date: f.longDate(current.store.reopenDate) })
            : t('settings.store.staysClosed')}
      </Alert>
      <Radio.Group
        label={t('settings.store.state')}
        value={state}
        onChange={(v) => setState(v as 'open' | 'closed')}
      >
        <Group mt="xs">
          <Radio value="open" label={t('settings.store.open')} />
          <Radio value="closed" label={t('settings.store.closed')} />
        </Group>
      </Radio.Group>
      {state === 'closed' ? (
        <DateInput
          label={t('settings.store.reopensOn')}
          description={t('settings.store.reopensHelp')}
          placeholder={t('settings.pickDate')}
          valueFormat={t('settings.dateInputFormat')}
          clearable
          minDate={tomorrow}
          value={reopen}
          onChange={setReopen}
          maw={320}
        />
      ) : null}
      {save.isError ? (
        <ErrorNotice title={t('settings.store.notChanged')} message={save.error.message} />
      ) : null}
      <Group>
        <Button
          loading={save.isPending}
          onClick={() =>
            save.mutate(state === 'open' ? { isOpen: true } : { isOpen: false, reopenDate: reopen })
          }
        >
          {t('settings.store.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The store: open or closed (with its reopening date), the store model and the delivery dates (admins). */
export function StoreTab({ user }: { user: SessionUser }) {
  const t = useT();
  const q = useSchoolSettings();
  return (
    <Stack gap="lg">
      <Card p="lg">
        <Stack>
          <Title order={2} fz="h3">
            {t('settings.store.title')}
          </Title>
          <Text c="dimmed">{t('settings.store.help')}</Text>
          <QueryState query={q} size="section" loading={t('settings.store.loading')}>
            {(s) => (
              <OpenClosed key={`${s.store.isOpen}-${s.store.reopenDate}`} current={s} user={user} />
            )}
          </QueryState>
        </Stack>
      </Card>
      <DeliveryDates />
    </Stack>
  );
}
