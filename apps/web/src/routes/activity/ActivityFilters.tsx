import { Button, Group, Select, TextInput } from '@mantine/core';
import { ACTIVITY_CATEGORIES } from '@app/domain';
import type { ActivityCategory } from '../../api';

export interface Filters {
  category: ActivityCategory | null;
  startDate: string;
  endDate: string;
}

export const NO_FILTERS: Filters = { category: null, startDate: '', endDate: '' };

export const isFiltered = (f: Filters) => f.category !== null || f.startDate !== '' || f.endDate !== '';

/** Category (all five) and a date range. */
export function ActivityFilters({ value, onChange }: { value: Filters; onChange: (f: Filters) => void }) {
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        label="Category"
        data={[{ value: '', label: 'All categories' }, ...ACTIVITY_CATEGORIES.map((c) => ({ value: c, label: c }))]}
        value={value.category ?? ''}
        onChange={(c) => onChange({ ...value, category: (c || null) as ActivityCategory | null })}
        allowDeselect={false}
        w={{ base: '100%', xs: 200 }}
      />
      <TextInput
        type="date"
        label="From"
        value={value.startDate}
        max={value.endDate || undefined}
        onChange={(e) => onChange({ ...value, startDate: e.currentTarget.value })}
        w={{ base: '100%', xs: 170 }}
      />
      <TextInput
        type="date"
        label="To"
        value={value.endDate}
        min={value.startDate || undefined}
        onChange={(e) => onChange({ ...value, endDate: e.currentTarget.value })}
        w={{ base: '100%', xs: 170 }}
      />
      {isFiltered(value) ? (
        <Button variant="subtle" onClick={() => onChange(NO_FILTERS)}>
          Clear filters
        </Button>
      ) : null}
    </Group>
  );
}
