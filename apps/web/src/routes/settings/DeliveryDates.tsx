import '@mantine/dates/styles.css';
import { useState } from 'react';
import {
  Button,
  Card,
  Group,
  Modal,
  MultiSelect,
  Radio,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { gradeLabel, longDate, STORE_MODELS } from '@app/domain';
import {
  afterDeliveryDatesChange,
  queryKeys,
  school,
  settings,
  unwrap,
  type DeliveryDate,
  type DeliveryDateBody,
  type DeliverySettings,
} from '../../api';
import { ErrorNotice } from '../../components/ErrorNotice';
import { QueryState } from '../../components/QueryState';

const MODEL_HELP: Record<string, string> = {
  Pickup: 'Students pick their orders up: the next date is the first one today or later.',
  Delivery: 'Orders are delivered: the next date is the first whose cut-off has not passed.',
};

/** Adds a date, or changes one (`editing`). */
function DateForm({ editing, onDone }: { editing: DeliveryDate | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const grades = useQuery({
    queryKey: queryKeys.gradeLevels,
    queryFn: () => unwrap(school.gradeLevels()),
  });
  const form = useForm({
    initialValues: {
      date: editing?.date ?? null,
      cutOffDate: editing?.cutOffDate ?? null,
      gradeLevels: editing?.gradeLevels ?? [],
    } as {
      date: string | null;
      cutOffDate: string | null;
      gradeLevels: string[];
    },
    validate: {
      date: (d) => (d ? null : 'Choose the date'),
      cutOffDate: (c, v) =>
        !c
          ? 'Choose the cut-off date'
          : v.date && c > v.date
            ? 'The cut-off must be on or before the date'
            : null,
    },
  });
  const save = useMutation({
    mutationFn: (body: DeliveryDateBody) =>
      unwrap(
        editing ? settings.updateDeliveryDate(editing._id, body) : settings.addDeliveryDate(body),
      ),
    onSuccess: (d) => {
      notifications.show({
        color: 'teal',
        message: `${editing ? 'Changed' : 'Added'}: ${longDate(d.date)}.`,
      });
      void afterDeliveryDatesChange(queryClient);
      onDone();
    },
  });
  return (
    <form
      onSubmit={form.onSubmit((v) =>
        save.mutate({
          date: v.date ?? '',
          cutOffDate: v.cutOffDate ?? '',
          gradeLevels: v.gradeLevels,
        }),
      )}
      noValidate
    >
      <Stack>
        <DateInput
          label="Date"
          placeholder="Pick a date"
          required
          {...form.getInputProps('date')}
        />
        <DateInput
          label="Cut-off date"
          description="Orders count for this date until the end of this day."
          placeholder="Pick a date"
          required
          {...form.getInputProps('cutOffDate')}
        />
        <MultiSelect
          label="Grade levels"
          description="Leave empty for every grade."
          placeholder={form.values.gradeLevels.length ? undefined : 'Every grade'}
          data={(grades.data ?? []).map((g) => ({ value: g.value, label: g.label }))}
          clearable
          {...form.getInputProps('gradeLevels')}
        />
        {save.isError ? <ErrorNotice title="Date not saved" message={save.error.message} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {editing ? 'Save date' : 'Add date'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DateList({ current }: { current: DeliverySettings }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<DeliveryDate | 'new' | null>(null);
  const remove = useMutation({
    mutationFn: (d: DeliveryDate) => unwrap(settings.removeDeliveryDate(d._id)).then(() => d),
    onSuccess: (d) => {
      notifications.show({ color: 'teal', message: `Removed: ${longDate(d.date)}.` });
      void afterDeliveryDatesChange(queryClient);
    },
    onError: (e) =>
      notifications.show({ color: 'red', title: 'Date not removed', message: e.message }),
  });
  const model = useMutation({
    mutationFn: (storeModel: string) =>
      unwrap(
        settings.setDeliverySettings({
          storeModel: storeModel as (typeof STORE_MODELS)[number],
          deliveryDates: current.deliveryDates,
        }),
      ),
    onSuccess: (s) => {
      notifications.show({ color: 'teal', message: `Store model: ${s.storeModel}.` });
      void afterDeliveryDatesChange(queryClient);
    },
  });
  return (
    <Stack>
      <Radio.Group
        label="Store model"
        description={MODEL_HELP[current.storeModel]}
        value={current.storeModel}
        onChange={(v) => model.mutate(v)}
      >
        <Group mt="xs">
          {STORE_MODELS.map((m) => (
            <Radio key={m} value={m} label={m} disabled={model.isPending} />
          ))}
        </Group>
      </Radio.Group>
      {model.isError ? (
        <ErrorNotice title="Store model not changed" message={model.error.message} />
      ) : null}
      <Group justify="space-between">
        <Title order={3} fz="lg">
          Dates
        </Title>
        <Button onClick={() => setEditing('new')}>Add a delivery date</Button>
      </Group>
      {current.deliveryDates.length === 0 ? (
        <Text c="dimmed">No delivery date yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Date</Table.Th>
                <Table.Th scope="col">Cut-off</Table.Th>
                <Table.Th scope="col">Grades</Table.Th>
                <Table.Th scope="col">Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {current.deliveryDates.map((d) => (
                <Table.Tr key={d._id}>
                  <Table.Td>{longDate(d.date)}</Table.Td>
                  <Table.Td>{longDate(d.cutOffDate)}</Table.Td>
                  <Table.Td>
                    {d.gradeLevels.length
                      ? d.gradeLevels.map(gradeLabel).join(', ')
                      : 'Every grade'}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => setEditing(d)}
                        aria-label={`Edit ${longDate(d.date)}`}
                      >
                        Edit
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        loading={remove.isPending && remove.variables?._id === d._id}
                        onClick={() => remove.mutate(d)}
                        aria-label={`Remove ${longDate(d.date)}`}
                      >
                        Remove
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Add a delivery date' : 'Edit the delivery date'}
      >
        {editing !== null ? (
          <DateForm editing={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        ) : null}
      </Modal>
    </Stack>
  );
}

/** The store model and the delivery dates with their cut-offs and grades (admins). */
export function DeliveryDates() {
  const q = useQuery({
    queryKey: queryKeys.settings.deliveryDates,
    queryFn: () => unwrap(settings.deliveryDates()),
  });
  return (
    <Card p="lg">
      <Stack>
        <Title order={2} fz="h3">
          Delivery dates
        </Title>
        <QueryState query={q} size="section" loading="Loading delivery dates">
          {(d) => <DateList current={d} />}
        </QueryState>
      </Stack>
    </Card>
  );
}
