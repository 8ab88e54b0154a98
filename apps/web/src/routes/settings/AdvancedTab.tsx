import { Button, Card, Group, NumberInput, Stack, Switch, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FLAG_POINTS_MAX, FLAG_POINTS_MIN } from '@app/domain';
import {
  afterSchoolSettingsChange,
  api,
  unwrap,
  type AdvancedSettingsBody,
  type SchoolSettings,
} from '../../api';
import { ErrorNotice } from '../../components/ErrorNotice';
import { QueryState } from '../../components/QueryState';
import { useT } from '../../i18n';
import type { Translate } from '../../i18n/useT';
import { useSchoolSettings } from './useSchoolSettings';

const points = (t: Translate) => (v: unknown) =>
  typeof v !== 'number' || !Number.isInteger(v) || v < FLAG_POINTS_MIN || v > FLAG_POINTS_MAX
    ? t('settings.advanced.wholeNumber', { min: FLAG_POINTS_MIN, max: FLAG_POINTS_MAX })
    : null;

function AdvancedForm({ current }: { current: SchoolSettings }) {
  const queryClient = useQueryClient();
  const t = useT();
  const form = useForm<AdvancedSettingsBody>({
    initialValues: {
      canNonAdminCreateCustomActions: current.canNonAdminCreateCustomActions,
      canTeacherGiveAll: current.canTeacherGiveAll,
      adminFlagPoints: current.adminFlagPoints,
      nonAdminFlagPoints: current.nonAdminFlagPoints,
    },
    validate: { adminFlagPoints: points(t), nonAdminFlagPoints: points(t) },
  });
  const save = useMutation({
    mutationFn: (body: AdvancedSettingsBody) => unwrap(api.settings.setAdvanced({ body })),
    onSuccess: (s) => {
      notifications.show({ color: 'teal', message: t('settings.advanced.saved') });
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
          label={t('settings.advanced.customActions')}
          {...form.getInputProps('canNonAdminCreateCustomActions', { type: 'checkbox' })}
        />
        <Switch
          label={t('settings.teachersGiveAll')}
          {...form.getInputProps('canTeacherGiveAll', { type: 'checkbox' })}
        />
        <Group grow align="flex-start" wrap="wrap">
          <NumberInput
            label={t('settings.advanced.adminFlag')}
            min={FLAG_POINTS_MIN}
            max={FLAG_POINTS_MAX}
            allowDecimal={false}
            required
            {...form.getInputProps('adminFlagPoints')}
          />
          <NumberInput
            label={t('settings.advanced.otherFlag')}
            min={FLAG_POINTS_MIN}
            max={FLAG_POINTS_MAX}
            allowDecimal={false}
            required
            {...form.getInputProps('nonAdminFlagPoints')}
          />
        </Group>
        {save.isError ? (
          <ErrorNotice title={t('settings.advanced.notSaved')} message={save.error.message} />
        ) : null}
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
            {t('settings.advanced.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The four advanced settings, within their limits (admins). */
export function AdvancedTab() {
  const t = useT();
  const q = useSchoolSettings();
  return (
    <Card p="lg">
      <Stack>
        <Title order={2} fz="h3">
          {t('settings.advanced.title')}
        </Title>
        <QueryState query={q} size="section" loading={t('settings.advanced.loading')}>
          {(s) => <AdvancedForm current={s} />}
        </QueryState>
      </Stack>
    </Card>
  );
}
