import { useMemo } from 'react';
import { Button, Card, Group, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm, type FormValidateInput, type UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CURRENCY_NAME_MAX,
  isTimeZone,
  SCHOOL_NAME_MAX,
  SCHOOL_TYPES,
  STORE_MODELS,
  timeZones,
  todayIn,
} from '@app/domain';
import {
  afterSchoolProfileChange,
  api,
  queryKeys,
  unwrap,
  type SchoolProfile,
  type SchoolProfileBody,
  type SessionUser,
} from '../../api';
import { ErrorNotice } from '../../components/ErrorNotice';
import { QueryState } from '../../components/QueryState';
import { T, useT } from '../../i18n';
import type { Translate } from '../../i18n/useT';
import { PbisFields, pbisRules, pbisValuesOf } from './PbisSettings';
import { sessionWithProfile } from './schoolSession';
import { SCHOOL_TYPE_KEY, STORE_MODEL_KEY } from './words';

/** The form's values: a school type from before the list reads as none chosen; every name is shown. */
interface ProfileValues extends Omit<
  SchoolProfileBody,
  'schoolType' | 'currencyNameEs' | 'currencyNameOneEs'
> {
  schoolType: string;
  currencyNameEs: string;
  currencyNameOneEs: string;
}

const valuesOf = (p: SchoolProfile): ProfileValues => ({
  name: p.name,
  timeZone: p.timeZone,
  schoolType: (SCHOOL_TYPES as readonly string[]).includes(p.schoolType) ? p.schoolType : '',
  storeModel: p.storeModel === 'Delivery' ? 'Delivery' : 'Pickup',
  hasHouseSystem: p.hasHouseSystem,
  canTeacherGiveAll: p.canTeacherGiveAll,
  currencyName: p.currencyName,
  currencyNameOne: p.currencyNameOne,
  currencyNameEs: p.currencyNameEs,
  currencyNameOneEs: p.currencyNameOneEs,
  ...pbisValuesOf(p),
});

/** A currency name as the server takes it: 1 to 24 characters once trimmed, no control characters. */
const currencyError = (t: Translate) => (v: string | undefined) => {
  const name = (v ?? '').trim();
  if (!name) return t('settings.school.currencyRequired');
  if (name.length > CURRENCY_NAME_MAX)
    return t('settings.school.atMost', { max: CURRENCY_NAME_MAX });
  return /\p{Cc}/u.test(name) ? t('settings.school.currencyControl') : null;
};

/** The profile form's checks: a name, a time zone, a school type, and the currency's four names. */
const profileRules = (t: ReturnType<typeof useT>): FormValidateInput<ProfileValues> => ({
  name: (v) =>
    !v.trim()
      ? t('settings.school.nameRequired')
      : v.trim().length > SCHOOL_NAME_MAX
        ? t('settings.school.atMost', { max: SCHOOL_NAME_MAX })
        : null,
  timeZone: (v) => (isTimeZone(v) ? null : t('settings.school.timeZoneRequired')),
  schoolType: (v) =>
    (SCHOOL_TYPES as readonly string[]).includes(v) ? null : t('settings.school.typeRequired'),
  currencyName: currencyError(t),
  currencyNameOne: currencyError(t),
  currencyNameEs: currencyError(t),
  currencyNameOneEs: currencyError(t),
});

function ProfileForm({ current }: { current: SchoolProfile }) {
  const queryClient = useQueryClient();
  const t = useT();
  const zones = useMemo(() => timeZones(), []);
  const form = useForm<ProfileValues>({
    initialValues: valuesOf(current),
    validate: { ...profileRules(t), ...pbisRules(t) },
  });
  const save = useMutation({
    mutationFn: (v: ProfileValues) =>
      unwrap(api.settings.setProfile({ body: v as SchoolProfileBody })),
    onSuccess: (p) => {
      notifications.show({ color: 'teal', message: t('settings.school.saved') });
      form.setInitialValues(valuesOf(p));
      form.setValues(valuesOf(p));
      queryClient.setQueryData(queryKeys.settings.profile, p);
      // The signed-in user's school and coordinator flag as the answer says.
      queryClient.setQueriesData<SessionUser>({ queryKey: queryKeys.sessions }, (u) =>
        u ? sessionWithProfile(u, p) : u,
      );
      void afterSchoolProfileChange(queryClient);
    },
  });
  const zone = form.values.timeZone;
  return (
    <form onSubmit={form.onSubmit((v) => save.mutate(v))} noValidate>
      <Stack>
        <Text fz="sm">
          <T
            k="settings.school.code"
            values={{ code: current.code, b: (chunks) => <strong>{chunks}</strong> }}
          />
        </Text>
        <TextInput
          label={t('settings.school.name')}
          required
          maxLength={SCHOOL_NAME_MAX}
          {...form.getInputProps('name')}
        />
        <Select
          label={t('settings.school.timeZone')}
          description={
            isTimeZone(zone) ? t('settings.school.today', { date: todayIn(zone) }) : undefined
          }
          searchable
          required
          allowDeselect={false}
          data={zones}
          limit={50}
          {...form.getInputProps('timeZone')}
        />
        <Group grow align="flex-start" wrap="wrap">
          <Select
            label={t('settings.school.type')}
            placeholder={t('settings.school.typeRequired')}
            required
            allowDeselect={false}
            data={SCHOOL_TYPES.map((v) => ({ value: v, label: t(SCHOOL_TYPE_KEY[v]) }))}
            {...form.getInputProps('schoolType')}
          />
          <Select
            label={t('settings.school.storeModel')}
            description={t('settings.school.storeModelHelp')}
            required
            allowDeselect={false}
            data={STORE_MODELS.map((v) => ({ value: v, label: t(STORE_MODEL_KEY[v]) }))}
            {...form.getInputProps('storeModel')}
          />
        </Group>
        <CurrencyNames form={form} current={current} />
        <Switch
          label={t('settings.school.houseSystem')}
          description={t('settings.school.houseSystemHelp')}
          {...form.getInputProps('hasHouseSystem', { type: 'checkbox' })}
        />
        <Switch
          label={t('settings.teachersGiveAll')}
          {...form.getInputProps('canTeacherGiveAll', { type: 'checkbox' })}
        />
        <PbisFields
          field={(name) => form.getInputProps(name)}
          coordinatorIds={form.values.pbisCoordinatorIds ?? []}
        />
        {save.isError ? (
          <ErrorNotice title={t('settings.school.notSaved')} message={save.error.message} />
        ) : null}
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
            {t('settings.school.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The currency's names, plural and one, in English and in Spanish. */
function CurrencyNames({
  form,
  current,
}: {
  form: UseFormReturnType<ProfileValues>;
  current: SchoolProfile;
}) {
  const t = useT();
  return (
    <>
      <Group grow align="flex-start" wrap="wrap">
        <TextInput
          label={t('settings.school.currencyName')}
          description={t('settings.school.currencyNameHelp', {
            currency: form.values.currencyName?.trim() || current.currencyName,
          })}
          required
          maxLength={CURRENCY_NAME_MAX}
          {...form.getInputProps('currencyName')}
        />
        <TextInput
          label={t('settings.school.currencyNameOne')}
          description={t('settings.school.currencyNameOneHelp', {
            currencyOne: form.values.currencyNameOne?.trim() || current.currencyNameOne,
          })}
          required
          maxLength={CURRENCY_NAME_MAX}
          {...form.getInputProps('currencyNameOne')}
        />
      </Group>
      {/* The Spanish screens' names ("Méritos", "Mérito"), whatever the language of this one. */}
      <Group grow align="flex-start" wrap="wrap">
        <TextInput
          label={t('settings.school.currencyNameEs')}
          description={t('settings.school.currencyNameEsHelp', {
            name: form.values.currencyNameEs?.trim() || current.currencyNameEs,
          })}
          lang="es"
          required
          maxLength={CURRENCY_NAME_MAX}
          {...form.getInputProps('currencyNameEs')}
        />
        <TextInput
          label={t('settings.school.currencyNameOneEs')}
          description={t('settings.school.currencyNameOneEsHelp', {
            name: form.values.currencyNameOneEs?.trim() || current.currencyNameOneEs,
          })}
          lang="es"
          required
          maxLength={CURRENCY_NAME_MAX}
          {...form.getInputProps('currencyNameOneEs')}
        />
      </Group>
    </>
  );
}

/** The school's profile: what it was created with, minus its code (admins). */
export function SchoolTab() {
  const t = useT();
  const q = useQuery({
    queryKey: queryKeys.settings.profile,
    queryFn: () => unwrap(api.settings.profile()),
  });
  return (
    <Card p="lg">
      <Stack>
        <Title order={2} fz="h3">
          {t('settings.school.title')}
        </Title>
        <QueryState query={q} size="section" loading={t('settings.school.loading')}>
          {(p) => <ProfileForm current={p} />}
        </QueryState>
      </Stack>
    </Card>
  );
}
