import '@mantine/dates/styles.css';
import { useState } from 'react';
import { Alert, Button, Card, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addDays, longDate, todayIn } from '@app/domain';
import {
  afterSchoolSettingsChange,
  settings,
  unwrap,
  type SessionUser,
  type SettingsView,
  type StoreStateBody,
} from '../../api';
import { ErrorNotice } from '../../components/ErrorNotice';
import { QueryState } from '../../components/QueryState';
import { DeliveryDates } from './DeliveryDates';
import { useSchoolSettings } from './useSchoolSettings';

function OpenClosed({ current, user }: { current: SettingsView; user: SessionUser }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<'open' | 'closed'>(current.store.isOpen ? 'open' : 'closed');
  const [reopen, setReopen] = useState<string | null>(current.store.reopenDate);
  const tomorrow = addDays(todayIn(user.school.timeZone), 1);
  const save = useMutation({
    mutationFn: (body: StoreStateBody) => unwrap(settings.setStore(body)),
    onSuccess: (s) => {
      notifications.show({
        color: 'teal',
        message: s.isOpen
          ? 'The store is open.'
          : s.reopenDate
            ? `The store is closed. It will reopen on ${longDate(s.reopenDate)}.`
            : 'The store is closed until you open it.',
      });
      void afterSchoolSettingsChange(queryClient);
    },
  });
  return (
    <Stack>
      <Alert
        color={current.store.isOpen ? 'teal' : 'orange'}
        variant="light"
        title={current.store.isOpen ? 'The store is open' : 'The store is closed'}
      >
        {current.store.isOpen
          ? 'Students can buy in every store of the school.'
          : current.store.reopenDate
            ? `It will reopen on ${longDate(current.store.reopenDate)}.`
            : 'It stays closed until it is opened here.'}
      </Alert>
      <Radio.Group label="Store" value={state} onChange={(v) => setState(v as 'open' | 'closed')}>
        <Group mt="xs">
          <Radio value="open" label="Open" />
          <Radio value="closed" label="Closed" />
        </Group>
      </Radio.Group>
      {state === 'closed' ? (
        <DateInput
          label="Reopens on"
          description="Leave empty to keep it closed until you open it."
          placeholder="Pick a date"
          clearable
          minDate={tomorrow}
          value={reopen}
          onChange={setReopen}
          maw={320}
        />
      ) : null}
      {save.isError ? <ErrorNotice title="Store not changed" message={save.error.message} /> : null}
      <Group>
        <Button
          loading={save.isPending}
          onClick={() =>
            save.mutate(state === 'open' ? { isOpen: true } : { isOpen: false, reopenDate: reopen })
          }
        >
          Save store state
        </Button>
      </Group>
    </Stack>
  );
}

/** The store: open or closed (with its reopening date), the store model and the delivery dates (admins). */
export function StoreTab({ user }: { user: SessionUser }) {
  const q = useSchoolSettings();
  return (
    <Stack gap="lg">
      <Card p="lg">
        <Stack>
          <Title order={2} fz="h3">
            Store open or closed
          </Title>
          <Text c="dimmed">Closing the store closes the school store and every teacher store.</Text>
          <QueryState query={q} size="section" loading="Loading the store">
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
