import { useMemo } from 'react';
import { Button, Card, Group, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  isTimeZone,
  SCHOOL_NAME_MAX,
  SCHOOL_TYPES,
  STORE_MODELS,
  timeZones,
  todayIn,
} from '@app/domain';
import {
  afterSchoolProfileChange,
  queryKeys,
  settings,
  unwrap,
  type SchoolProfile,
  type SchoolProfileBody,
  type SessionUser,
} from '../../api';
import { ErrorNotice } from '../../components/ErrorNotice';
import { QueryState } from '../../components/QueryState';

/** The form's values: a school type from before the list reads as none chosen. */
interface ProfileValues extends Omit<SchoolProfileBody, 'schoolType'> {
  schoolType: string;
}

const valuesOf = (p: SchoolProfile): ProfileValues => ({
  name: p.name,
  timeZone: p.timeZone,
  schoolType: (SCHOOL_TYPES as readonly string[]).includes(p.schoolType) ? p.schoolType : '',
  storeModel: p.storeModel === 'Delivery' ? 'Delivery' : 'Pickup',
  hasHouseSystem: p.hasHouseSystem,
  canTeacherGiveAll: p.canTeacherGiveAll,
});

/** The session's copy of the school's profile fields (its code, link and house configuration stay). */
const schoolOfSession = ({ code: _code, ...fields }: SchoolProfile) => fields;

function ProfileForm({ current }: { current: SchoolProfile }) {
  const queryClient = useQueryClient();
  const zones = useMemo(() => timeZones(), []);
  const form = useForm<ProfileValues>({
    initialValues: valuesOf(current),
    validate: {
      name: (v) =>
        !v.trim()
          ? 'Enter the school’s name'
          : v.trim().length > SCHOOL_NAME_MAX
            ? `At most ${SCHOOL_NAME_MAX} characters`
            : null,
      timeZone: (v) => (isTimeZone(v) ? null : 'Choose a time zone'),
      schoolType: (v) => ((SCHOOL_TYPES as readonly string[]).includes(v) ? null : 'Choose a type'),
    },
  });
  const save = useMutation({
    mutationFn: (v: ProfileValues) => unwrap(settings.setProfile(v as SchoolProfileBody)),
    onSuccess: (p) => {
      notifications.show({ color: 'teal', message: 'School profile saved.' });
      form.setInitialValues(valuesOf(p));
      form.setValues(valuesOf(p));
      queryClient.setQueryData(queryKeys.settings.profile, p);
      // The signed-in user's school as the answer says: tabs, rights and dates follow at once.
      queryClient.setQueriesData<SessionUser>({ queryKey: queryKeys.sessions }, (u) =>
        u ? { ...u, school: { ...u.school, ...schoolOfSession(p) } } : u,
      );
      void afterSchoolProfileChange(queryClient);
    },
  });
  const zone = form.values.timeZone;
  return (
    <form onSubmit={form.onSubmit((v) => save.mutate(v))} noValidate>
      <Stack>
        <Text fz="sm">
          School code <strong>{current.code}</strong>: people type it to sign in with a school token
          or single sign-on, so it cannot be changed here.
        </Text>
        <TextInput
          label="School name"
          required
          maxLength={SCHOOL_NAME_MAX}
          {...form.getInputProps('name')}
        />
        <Select
          label="Time zone"
          description={
            isTimeZone(zone)
              ? `Today there: ${todayIn(zone)}. Gives, weekends, cut-offs and reports go by this zone.`
              : undefined
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
            label="School type"
            placeholder="Choose a type"
            required
            allowDeselect={false}
            data={[...SCHOOL_TYPES]}
            {...form.getInputProps('schoolType')}
          />
          <Select
            label="Store model"
            description="Pickup: students collect on a date. Delivery: orders close at a cut-off."
            required
            allowDeselect={false}
            data={[...STORE_MODELS]}
            {...form.getInputProps('storeModel')}
          />
        </Group>
        <Switch
          label="The school has a house system"
          description="Turning it on gives a school without houses the four houses; the House system tab marks them configured."
          {...form.getInputProps('hasHouseSystem', { type: 'checkbox' })}
        />
        <Switch
          label="Teachers may give to every student of the school"
          {...form.getInputProps('canTeacherGiveAll', { type: 'checkbox' })}
        />
        {save.isError ? (
          <ErrorNotice title="School profile not saved" message={save.error.message} />
        ) : null}
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
            Save school profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The school's profile: what it was created with, minus its code (admins). */
export function SchoolTab() {
  const q = useQuery({
    queryKey: queryKeys.settings.profile,
    queryFn: () => unwrap(settings.profile()),
  });
  return (
    <Card p="lg">
      <Stack>
        <Title order={2} fz="h3">
          School profile
        </Title>
        <QueryState query={q} size="section" loading="Loading the school profile">
          {(p) => <ProfileForm current={p} />}
        </QueryState>
      </Stack>
    </Card>
  );
}
