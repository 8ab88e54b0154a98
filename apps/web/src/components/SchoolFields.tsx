import { useMemo } from 'react';
import { Group, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  SCHOOL_TYPES,
  STORE_MODELS,
  timeZones,
  type MessageKey,
  type NewSchoolInput,
  type SchoolType,
  type StoreModel,
} from '@app/domain';
import { useT } from '../i18n';

const SCHOOL_TYPE_KEYS: Record<SchoolType, MessageKey> = {
  Elementary: 'common.schoolTypeElementary',
  Middle: 'common.schoolTypeMiddle',
  High: 'common.schoolTypeHigh',
  'K-8': 'common.schoolTypeK8',
  'K-12': 'common.schoolTypeK12',
};

const STORE_MODEL_KEYS: Record<StoreModel, MessageKey> = {
  Pickup: 'common.storeModelPickup',
  Delivery: 'common.storeModelDelivery',
};

/** The browser's own time zone: the likeliest answer, offered first. */
const browserTimeZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'America/Chicago';
  } catch {
    return 'America/Chicago';
  }
};

/**
 * The time zone proposed for a new school: the one most of the district's schools keep (the first
 * listed among equals), as a district is mostly in one place; with none yet (/setup), the browser's.
 */
export function proposedTimeZone(
  districtZones: readonly string[] = [],
  browser: () => string = browserTimeZone,
): string {
  const count = new Map<string, number>();
  for (const z of districtZones) count.set(z, (count.get(z) ?? 0) + 1);
  let best: string | null = null;
  for (const [z, n] of count) if (best === null || n > count.get(best)!) best = z;
  return best ?? browser();
}

/** A new school's first values; `timeZone` as proposedTimeZone gives it. */
export const emptySchool = (timeZone = proposedTimeZone()): Required<NewSchoolInput> => ({
  name: '',
  code: '',
  timeZone,
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
  const t = useT();
  const zones = useMemo(() => timeZones(), []);
  const input = (name: keyof NewSchoolInput) => form.getInputProps(`${prefix}${name}` as never);
  const checkbox = (name: keyof NewSchoolInput) =>
    form.getInputProps(`${prefix}${name}` as never, { type: 'checkbox' });
  return (
    <Stack gap="md">
      <TextInput
        label={t('common.schoolName')}
        required
        autoComplete="organization"
        {...input('name')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t('common.schoolCode')}
          description={t('common.schoolCodeHelp')}
          required
          autoCapitalize="characters"
          {...input('code')}
        />
        <Select
          label={t('common.timeZone')}
          description={t('common.timeZoneHelp')}
          required
          searchable
          data={zones}
          limit={50}
          nothingFoundMessage={t('common.timeZoneNone')}
          allowDeselect={false}
          {...input('timeZone')}
        />
        <Select
          label={t('common.schoolType')}
          required
          data={SCHOOL_TYPES.map((v) => ({ value: v, label: t(SCHOOL_TYPE_KEYS[v]) }))}
          allowDeselect={false}
          {...input('schoolType')}
        />
        <Select
          label={t('common.storeModel')}
          description={t('common.storeModelHelp')}
          required
          data={STORE_MODELS.map((v) => ({ value: v, label: t(STORE_MODEL_KEYS[v]) }))}
          allowDeselect={false}
          {...input('storeModel')}
        />
      </SimpleGrid>
      <Group gap="xl">
        <Switch label={t('common.hasHouseSystem')} {...checkbox('hasHouseSystem')} />
        <Switch label={t('common.canTeacherGiveAll')} {...checkbox('canTeacherGiveAll')} />
      </Group>
    </Stack>
  );
}
