import { Button, Card, Group, NumberInput, Stack, Switch, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FLAG_POINTS_MAX, FLAG_POINTS_MIN } from '@app/domain';
import {
  afterSchoolSettingsChange,
  settings,
  unwrap,
  type AdvancedSettingsBody,
  type SchoolSettings,
} from '../../api';
import { ErrorNotice } from '../../components/ErrorNotice';
import { QueryState } from '../../components/QueryState';
import { useSchoolSettings } from './useSchoolSettings';

const points = (v: unknown) =>
  typeof v !== 'number' || !Number.isInteger(v) || v < FLAG_POINTS_MIN || v > FLAG_POINTS_MAX
    ? `A whole number from ${FLAG_POINTS_MIN} to ${FLAG_POINTS_MAX}`
    : null;

function AdvancedForm({ current }: { current: SchoolSettings }) {
  const queryClient = useQueryClient();
  const form = useForm<AdvancedSettingsBody>({
    initialValues: {
      canNonAdminCreateCustomActions: current.canNonAdminCreateCustomActions,
      canTeacherGiveAll: current.canTeacherGiveAll,
      adminFlagPoints: current.adminFlagPoints,
      nonAdminFlagPoints: current.nonAdminFlagPoints,
    },
    validate: { adminFlagPoints: points, nonAdminFlagPoints: points },
  });
  const save = useMutation({
    mutationFn: (body: AdvancedSettingsBody) => unwrap(settings.setAdvanced(body)),
    onSuccess: (s) => {
      notifications.show({ color: 'teal', message: 'Advanced settings saved.' });
      form.resetDirty({
        canNonAdminCreateCustomActions: s.canNonAdminCreateCustomActions,
        canTeacherGiveAll: s.canTeacherGiveAll,
        adminFlagPoints: s.adminFlagPoints,
        nonAdminFlagPoints: s.nonAdminFlagPoints,
      });
      void afterSchoolSettingsChange(queryClient);
    },
  });
  return (
    <form onSubmit={form.onSubmit((v) => save.mutate(v))} noValidate>
      <Stack>
        <Switch
          label="Teachers may create their own custom bonuses and flags"
          {...form.getInputProps('canNonAdminCreateCustomActions', { type: 'checkbox' })}
        />
        <Switch
          label="Teachers may give to every student of the school"
          {...form.getInputProps('canTeacherGiveAll', { type: 'checkbox' })}
        />
        <Group grow align="flex-start" wrap="wrap">
          <NumberInput
            label="Points a flag takes (admins)"
            min={FLAG_POINTS_MIN}
            max={FLAG_POINTS_MAX}
            allowDecimal={false}
            required
            {...form.getInputProps('adminFlagPoints')}
          />
          <NumberInput
            label="Points a flag takes (teachers and others)"
            min={FLAG_POINTS_MIN}
            max={FLAG_POINTS_MAX}
            allowDecimal={false}
            required
            {...form.getInputProps('nonAdminFlagPoints')}
          />
        </Group>
        {save.isError ? (
          <ErrorNotice title="Settings not saved" message={save.error.message} />
        ) : null}
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
            Save advanced settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The four advanced settings, within their limits (admins). */
export function AdvancedTab() {
  const q = useSchoolSettings();
  return (
    <Card p="lg">
      <Stack>
        <Title order={2} fz="h3">
          Advanced settings
        </Title>
        <QueryState query={q} size="section" loading="Loading advanced settings">
          {(s) => <AdvancedForm current={s} />}
        </QueryState>
      </Stack>
    </Card>
  );
}
