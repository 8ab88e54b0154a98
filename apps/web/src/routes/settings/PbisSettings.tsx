import { Group, MultiSelect, NumberInput, Select, Stack, Text, Title } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import {
  fullName,
  PBIS_COORDINATORS_MAX,
  PBIS_RATIO_WINDOWS,
  PBIS_TARGET_MAX,
  PBIS_TARGET_MIN,
  RECOGNITION_DAYS_MAX,
  RECOGNITION_DAYS_MIN,
  type MessageKey,
  type PbisRatioWindow,
} from '@app/domain';
import { api, queryKeys, unwrap, type SchoolProfile } from '../../api';
import { useT } from '../../i18n';
import type { Translate } from '../../i18n/useT';

/*
 * Settings → School: the school's PBIS settings (issue 34): the target ratio of bonuses to flags,
 * the window it is counted over, the school days after which a student counts as not recognised,
 * and the staff it names PBIS coordinators (they read the fairness report).
 */

export interface PbisValues {
  pbisTargetRatio: number;
  pbisRatioWindow: PbisRatioWindow;
  pbisRecognitionDays: number;
  pbisCoordinatorIds: string[];
}

export const pbisValuesOf = (p: SchoolProfile): PbisValues => ({
  pbisTargetRatio: p.pbisTargetRatio,
  pbisRatioWindow: p.pbisRatioWindow,
  pbisRecognitionDays: p.pbisRecognitionDays,
  pbisCoordinatorIds: p.pbisCoordinatorIds,
});

/** A whole number in min..max, as the server takes it (a cleared box is '' in the form). */
const between = (t: Translate, min: number, max: number) => (v: unknown) =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max
    ? null
    : t('settings.school.pbisBetween', { min, max });

/** The PBIS fields' checks, beside the profile's own. */
export const pbisRules = (t: Translate) => ({
  pbisTargetRatio: between(t, PBIS_TARGET_MIN, PBIS_TARGET_MAX),
  pbisRecognitionDays: between(t, RECOGNITION_DAYS_MIN, RECOGNITION_DAYS_MAX),
});

/** The windows by the report ranges' own names ("This week"). */
const WINDOW_LABEL: Record<PbisRatioWindow, MessageKey> = {
  'this-week': 'labels.range.thisWeek',
  'this-month': 'labels.range.thisMonth',
  'year-to-date': 'labels.range.yearToDate',
};

export function PbisFields({
  field,
  coordinatorIds,
}: {
  /** The form's input props of one PBIS field. */
  field: (name: keyof PbisValues) => GetInputPropsReturnType;
  /** The coordinators chosen now: kept as choices even when the staff list does not name them. */
  coordinatorIds: readonly string[];
}) {
  const t = useT();
  const staff = useQuery({
    queryKey: queryKeys.coTeacherChoices,
    queryFn: () => unwrap(api.utility.coTeachers()),
  });
  const named = (staff.data ?? []).map((p) => ({ value: p._id, label: fullName(p) }));
  const others = coordinatorIds
    .filter((id) => !named.some((o) => o.value === id))
    .map((id) => ({ value: id, label: id }));
  return (
    <Stack gap="sm" mt="sm" component="fieldset" style={{ border: 0, padding: 0, marginInline: 0 }}>
      <Title order={3} fz="md" component="legend" p={0}>
        {t('settings.school.pbis')}
      </Title>
      <Group grow align="flex-start" wrap="wrap">
        <NumberInput
          label={t('settings.school.pbisTargetRatio')}
          description={t('settings.school.pbisTargetRatioHelp', {
            min: PBIS_TARGET_MIN,
            max: PBIS_TARGET_MAX,
          })}
          min={PBIS_TARGET_MIN}
          max={PBIS_TARGET_MAX}
          allowDecimal={false}
          allowNegative={false}
          {...field('pbisTargetRatio')}
        />
        <Select
          label={t('settings.school.pbisRatioWindow')}
          allowDeselect={false}
          data={PBIS_RATIO_WINDOWS.map((w) => ({ value: w, label: t(WINDOW_LABEL[w]) }))}
          {...field('pbisRatioWindow')}
        />
      </Group>
      <NumberInput
        label={t('settings.school.pbisRecognitionDays')}
        description={t('settings.school.pbisRecognitionDaysHelp')}
        min={RECOGNITION_DAYS_MIN}
        max={RECOGNITION_DAYS_MAX}
        allowDecimal={false}
        allowNegative={false}
        {...field('pbisRecognitionDays')}
      />
      <MultiSelect
        label={t('settings.school.pbisCoordinators')}
        description={t('settings.school.pbisCoordinatorsHelp')}
        placeholder={t('settings.school.pbisCoordinatorsPlaceholder')}
        data={[...named, ...others]}
        searchable
        clearable
        maxValues={PBIS_COORDINATORS_MAX}
        {...field('pbisCoordinatorIds')}
      />
      {staff.isError ? (
        <Text size="sm" c="red">
          {staff.error.message}
        </Text>
      ) : null}
    </Stack>
  );
}
