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
import { STORE_MODELS, type MessageKey } from '@app/domain';
import {
  afterDeliveryDatesChange,
  api,
  queryKeys,
  unwrap,
  type DeliveryDate,
  type DeliveryDateBody,
  type DeliverySettings,
} from '../../api';
import { ErrorNotice } from '../../components/ErrorNotice';
import { QueryState } from '../../components/QueryState';
import { useFormat, useT } from '../../i18n';
import { gradeWord, STORE_MODEL_KEY } from './words';

const MODEL_HELP: Record<string, MessageKey> = {
  Pickup: 'settings.delivery.helpPickup',
  Delivery: 'settings.delivery.helpDelivery',
};

/** A store model's name; one from before the list is shown as stored. */
const modelKey = (m: string): MessageKey | undefined =>
  (STORE_MODEL_KEY as Record<string, MessageKey | undefined>)[m];

/** Adds a date, or changes one (`editing`). */
function DateForm({ editing, onDone }: { editing: DeliveryDate | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const t = useT();
  const f = useFormat();
  const grades = useQuery({
    queryKey: queryKeys.gradeLevels,
    queryFn: () => unwrap(api.school.gradeLevels()),
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
      date: (d) => (d ? null : t('settings.delivery.chooseDate')),
      cutOffDate: (c, v) =>
        !c
          ? t('settings.delivery.chooseCutOff')
          : v.date && c > v.date
            ? t('settings.delivery.cutOffAfter')
            : null,
    },
  });
  const save = useMutation({
    mutationFn: (body: DeliveryDateBody) =>
      unwrap(
        editing
          ? api.settings.updateDeliveryDate({ params: { id: editing._id }, body })
          : api.settings.addDeliveryDate({ body }),
      ),
    onSuccess: (d) => {
      notifications.show({
        color: 'teal',
        message: t(editing ? 'settings.delivery.changed' : 'settings.delivery.added', {
          date: f.longDate(d.date),
        }),
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
          label={t('settings.delivery.date')}
          placeholder={t('settings.pickDate')}
          valueFormat={t('settings.dateInputFormat')}
          required
          {...form.getInputProps('date')}
        />
        <DateInput
          label={t('settings.delivery.cutOffDate')}
          description={t('settings.delivery.cutOffHelp')}
          placeholder={t('settings.pickDate')}
          valueFormat={t('settings.dateInputFormat')}
          required
          {...form.getInputProps('cutOffDate')}
        />
        <MultiSelect
          label={t('settings.delivery.gradeLevels')}
          description={t('settings.delivery.gradeLevelsHelp')}
          placeholder={
            form.values.gradeLevels.length ? undefined : t('settings.delivery.everyGrade')
          }
          data={(grades.data ?? []).map((g) => ({ value: g.value, label: gradeWord(t, g.value) }))}
          clearable
          {...form.getInputProps('gradeLevels')}
        />
        {save.isError ? (
          <ErrorNotice title={t('settings.delivery.notSaved')} message={save.error.message} />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t(editing ? 'settings.delivery.saveDate' : 'settings.delivery.addDate')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DateList({ current }: { current: DeliverySettings }) {
  const t = useT();
  const f = useFormat();
  const { editing, setEditing, remove, model } = useDateList({ current });
  return (
    <Stack>
      <Radio.Group
        label={t('settings.school.storeModel')}
        description={MODEL_HELP[current.storeModel] && t(MODEL_HELP[current.storeModel]!)}
        value={current.storeModel}
        onChange={(v) => model.mutate(v)}
      >
        <Group mt="xs">
          {STORE_MODELS.map((m) => (
            <Radio key={m} value={m} label={t(STORE_MODEL_KEY[m])} disabled={model.isPending} />
          ))}
        </Group>
      </Radio.Group>
      {model.isError ? (
        <ErrorNotice title={t('settings.delivery.modelNotChanged')} message={model.error.message} />
      ) : null}
      <Group justify="space-between">
        <Title order={3} fz="lg">
          {t('settings.delivery.dates')}
        </Title>
        <Button onClick={() => setEditing('new')}>{t('settings.delivery.add')}</Button>
      </Group>
      {current.deliveryDates.length === 0 ? (
        <Text c="dimmed">{t('settings.delivery.none')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('settings.delivery.date')}</Table.Th>
                <Table.Th scope="col">{t('settings.delivery.cutOff')}</Table.Th>
                <Table.Th scope="col">{t('settings.delivery.grades')}</Table.Th>
                <Table.Th scope="col">{t('settings.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {current.deliveryDates.map((d) => (
                <Table.Tr key={d._id}>
                  <Table.Td>{f.longDate(d.date)}</Table.Td>
                  <Table.Td>{f.longDate(d.cutOffDate)}</Table.Td>
                  <Table.Td>
                    {d.gradeLevels.length
                      ? d.gradeLevels.map((g) => gradeWord(t, g)).join(', ')
                      : t('settings.delivery.everyGrade')}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => setEditing(d)}
                        aria-label={t('settings.delivery.editDate', { date: f.longDate(d.date) })}
                      >
                        {t('common.edit')}
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        loading={remove.isPending && remove.variables?._id === d._id}
                        onClick={() => remove.mutate(d)}
                        aria-label={t('settings.delivery.removeDate', { date: f.longDate(d.date) })}
                      >
                        {t('common.remove')}
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
        title={t(editing === 'new' ? 'settings.delivery.add' : 'settings.delivery.edit')}
      >
        {editing !== null ? (
          <DateForm editing={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        ) : null}
      </Modal>
    </Stack>
  );
}

/** The school's delivery dates: the new date's form and saving, deleting one. */
function useDateList({ current }: Pick<{ current: DeliverySettings }, 'current'>) {
  const queryClient = useQueryClient();
  const t = useT();
  const f = useFormat();
  const [editing, setEditing] = useState<DeliveryDate | 'new' | null>(null);
  const remove = useMutation({
    mutationFn: (d: DeliveryDate) =>
      unwrap(api.settings.removeDeliveryDate({ params: { id: d._id } })).then(() => d),
    onSuccess: (d) => {
      notifications.show({
        color: 'teal',
        message: t('settings.delivery.removed', { date: f.longDate(d.date) }),
      });
      void afterDeliveryDatesChange(queryClient);
    },
    onError: (e) =>
      notifications.show({
        color: 'red',
        title: t('settings.delivery.notRemoved'),
        message: e.message,
      }),
  });
  const model = useMutation({
    mutationFn: (storeModel: string) =>
      unwrap(
        api.settings.setDeliverySettings({
          body: {
            storeModel: storeModel as (typeof STORE_MODELS)[number],
            deliveryDates: current.deliveryDates,
          },
        }),
      ),
    onSuccess: (s) => {
      notifications.show({
        color: 'teal',
        message: t('settings.delivery.modelSaved', {
          model: modelKey(s.storeModel) ? t(modelKey(s.storeModel)!) : s.storeModel,
        }),
      });
      void afterDeliveryDatesChange(queryClient);
    },
  });
  return { editing, setEditing, remove, model };
}

/** The store model and the delivery dates with their cut-offs and grades (admins). */
export function DeliveryDates() {
  const t = useT();
  const q = useQuery({
    queryKey: queryKeys.settings.deliveryDates,
    queryFn: () => unwrap(api.settings.deliveryDates()),
  });
  return (
    <Card p="lg">
      <Stack>
        <Title order={2} fz="h3">
          {t('settings.delivery.title')}
        </Title>
        <QueryState query={q} size="section" loading={t('settings.delivery.loading')}>
          {(d) => <DateList current={d} />}
        </QueryState>
      </Stack>
    </Card>
  );
}
