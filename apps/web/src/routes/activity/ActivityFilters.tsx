import '@mantine/dates/styles.css';
import { Button, Group, Select } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { ACTIVITY_CATEGORIES } from '@app/domain';
import type { ActivityCategory } from '../../api';
import { useDatePickerLanguage } from '../../components/calendar/datePicker';
import { useLabels } from '../../components/giving/labels';
import { useT } from '../../i18n';

export interface Filters {
  category: ActivityCategory | null;
  startDate: string;
  endDate: string;
}

export const NO_FILTERS: Filters = { category: null, startDate: '', endDate: '' };

export const isFiltered = (f: Filters) =>
  f.category !== null || f.startDate !== '' || f.endDate !== '';

/** Category (all five) and a date range: each end a date picker that cannot pass the other. */
export function ActivityFilters({
  value,
  onChange,
}: {
  value: Filters;
  onChange: (f: Filters) => void;
}) {
  const t = useT();
  const labels = useLabels();
  const picker = useDatePickerLanguage();
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        label={t('activity.category')}
        data={[
          { value: '', label: t('activity.allCategories') },
          ...ACTIVITY_CATEGORIES.map((c) => ({ value: c, label: labels.category(c) })),
        ]}
        value={value.category ?? ''}
        onChange={(c) => onChange({ ...value, category: (c || null) as ActivityCategory | null })}
        allowDeselect={false}
        w={{ base: '100%', xs: 200 }}
      />
      <DateInput
        {...picker}
        label={t('activity.from')}
        placeholder={t('activity.anyDay')}
        clearable
        value={value.startDate || null}
        maxDate={value.endDate || undefined}
        onChange={(d) => onChange({ ...value, startDate: d ?? '' })}
        w={{ base: '100%', xs: 190 }}
      />
      <DateInput
        {...picker}
        label={t('activity.to')}
        placeholder={t('activity.anyDay')}
        clearable
        value={value.endDate || null}
        minDate={value.startDate || undefined}
        onChange={(d) => onChange({ ...value, endDate: d ?? '' })}
        w={{ base: '100%', xs: 190 }}
      />
      {isFiltered(value) ? (
        <Button variant="subtle" onClick={() => onChange(NO_FILTERS)}>
          {t('activity.clearFilters')}
        </Button>
      ) : null}
    </Group>
  );
}
