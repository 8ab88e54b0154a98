import '@mantine/dates/styles.css';
import { useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { longDate, todayIn } from '@app/domain';
import { afterStoreMetaChange, store, unwrap, type StoreStateBody } from '../../api';
import { QueryState } from '../../components/QueryState';
import { useStoreMeta } from '../../components/customization/useCustomization';

/** Open or close every store of the school (school admins and store managers), with a reopening date. */
export function StoreStateCard({ timeZone }: { timeZone: string }) {
  const queryClient = useQueryClient();
  const meta = useStoreMeta();
  const [reopen, setReopen] = useState<string | null>(null);
  const today = todayIn(timeZone);
  const change = useMutation({
    mutationFn: (body: StoreStateBody) => unwrap(store.setState(body)),
    onSuccess: () => {
      setReopen(null);
      void afterStoreMetaChange(queryClient);
    },
  });
  return (
    <Card p="lg">
      <QueryState query={meta} loading="Loading the store's state" size="section">
        {(m) => (
          <Stack gap="sm">
            <Title order={2} fz="lg">
              {m.isOpen ? 'The store is open' : 'The store is closed'}
            </Title>
            <Text fz="sm" c="dimmed">
              {m.isOpen
                ? 'Students can order from the school store and the teachers’ stores.'
                : m.reopenDate
                  ? `It opens again by itself on ${longDate(m.reopenDate)}. Students can fill their carts but not order.`
                  : 'It stays closed until it is opened here. Students can fill their carts but not order.'}
            </Text>
            {m.isOpen ? (
              <Group align="flex-end" gap="sm">
                <DateInput
                  label="Reopens on (optional)"
                  placeholder="Pick a date"
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
                  Close the store
                </Button>
              </Group>
            ) : (
              <Group>
                <Button onClick={() => change.mutate({ isOpen: true })} loading={change.isPending}>
                  Open the store
                </Button>
              </Group>
            )}
            {change.isError ? (
              <Alert color="red" variant="light" title="Not changed">
                {change.error.message}
              </Alert>
            ) : null}
          </Stack>
        )}
      </QueryState>
    </Card>
  );
}
