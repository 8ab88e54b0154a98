import { useMemo } from 'react';
import { Group, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { SCHOOL_TYPES, STORE_MODELS, timeZones, type NewSchoolInput } from '@app/domain';

/** The browser's own time zone: the likeliest answer, offered first. */
const browserTimeZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'America/Chicago';
  } catch {
    return 'America/Chicago';
  }
};

export const emptySchool = (): Required<NewSchoolInput> => ({
  name: '',
  code: '',
  timeZone: browserTimeZone(),
  schoolType: 'Middle',
  storeModel: 'Pickup',
  hasHouseSystem: false,
  canTeacherGiveAll: true,
});

/** Field paths → the zod issue path they show: `school.name` on the setup form, `name` on the district's. */
export const issuesToErrors = (
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
) => {
  const errors: Record<string, string> = {};
  for (const i of issues) errors[i.path.map(String).join('.')] ??= i.message;
  return errors;
};

/**
 * A new school's fields (POST setup's school, POST district/schools): the same names and rules as
 * the server's (newSchoolBody), under `prefix` in the form's values.
 */
export function SchoolFields<V>({
  form,
  prefix = '',
}: {
  form: UseFormReturnType<V>;
  prefix?: string;
}) {
  const zones = useMemo(() => timeZones(), []);
  const input = (name: keyof NewSchoolInput) => form.getInputProps(`${prefix}${name}` as never);
  const checkbox = (name: keyof NewSchoolInput) =>
    form.getInputProps(`${prefix}${name}` as never, { type: 'checkbox' });
  return (
    <Stack gap="md">
      <TextInput label="School name" required autoComplete="organization" {...input('name')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label="School code"
          description="Short, unique: people type it at sign-in (e.g. LINCOLN-MS)."
          required
          autoCapitalize="characters"
          {...input('code')}
        />
        <Select
          label="Time zone"
          description="Every date rule of the school (school days, cut-offs, reports) reads it."
          required
          searchable
          data={zones}
          limit={50}
          nothingFoundMessage="No such time zone"
          allowDeselect={false}
          {...input('timeZone')}
        />
        <Select
          label="School type"
          required
          data={[...SCHOOL_TYPES]}
          allowDeselect={false}
          {...input('schoolType')}
        />
        <Select
          label="Store model"
          description="Pickup: students collect orders. Delivery: orders are brought to class."
          required
          data={[...STORE_MODELS]}
          allowDeselect={false}
          {...input('storeModel')}
        />
      </SimpleGrid>
      <Group gap="xl">
        <Switch label="The school has a house system" {...checkbox('hasHouseSystem')} />
        <Switch label="Teachers may give to the whole school" {...checkbox('canTeacherGiveAll')} />
      </Group>
    </Stack>
  );
}
