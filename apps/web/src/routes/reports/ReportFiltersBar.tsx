import '@mantine/dates/styles.css';
import 'dayjs/locale/es';
import { Group, Select } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { houseLabel } from '@app/domain';
import type { ActivityCategory, ReportFilters, ReportsMeta } from '../../api';
import { api, queryKeys, unwrap } from '../../api';
import { usePeriods } from '../../session';
import { useReportWords } from './useReportWords';

/** What the bar holds: a preset range key (or 'custom' with its dates) and the filters. */
export interface FilterState {
  range: string;
  startDate: string;
  endDate: string;
  periodId: string;
  house: string;
  gradeLevel: string;
  category: string;
}

export const initialFilters = (meta: ReportsMeta): FilterState => ({
  range: meta.defaultRange.key,
  startDate: meta.defaultRange.from,
  endDate: meta.defaultRange.to,
  periodId: '',
  house: '',
  gradeLevel: '',
  category: '',
});

/** The range alone, as the PBIS reports take it (issue 34): the dates win over any range word. */
export const toRangeQuery = (f: FilterState): { startDate?: string; endDate?: string } => ({
  startDate: f.startDate || undefined,
  endDate: f.endDate || undefined,
});

/** The query every report call takes. */
export function toQuery(f: FilterState): ReportFilters {
  return {
    startDate: f.startDate || undefined,
    endDate: f.endDate || undefined,
    periodId: f.periodId || undefined,
    house: f.house || undefined,
    gradeLevel: f.gradeLevel || undefined,
    category: (f.category || undefined) as ActivityCategory | undefined,
  };
}

const ALL = (label: string) => ({ value: '', label });

interface FiltersBarProps {
  meta: ReportsMeta;
  value: FilterState;
  onChange: (f: FilterState) => void;
  /**
   * Which filters the tab takes; `schoolPeriods` lists the school's periods instead of the user's;
   * `category: false` leaves the category out (a report that counts no activity by category).
   */
  show: { period: boolean; people: boolean; schoolPeriods: boolean; category?: boolean };
}

/** Date range (presets of the school year, or custom) and the period, house, grade and category filters. */
export function ReportFiltersBar({ meta, value, onChange, show }: FiltersBarProps) {
  const { t, grade, category, rangeLabel, periods, houses, grades, pickRange } = useFilterChoices({
    meta,
    value,
    onChange,
    show,
  });
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        label={t('reports.filter.range')}
        data={[
          ...meta.ranges.map((r) => ({ value: r.key, label: rangeLabel(r) })),
          { value: 'custom', label: t('reports.filter.customRange') },
        ]}
        value={value.range}
        onChange={pickRange}
        allowDeselect={false}
        w={{ base: '100%', xs: 210 }}
      />
      {value.range === 'custom' ? <CustomRange value={value} onChange={onChange} /> : null}
      {show.period ? (
        <Select
          label={t('reports.filter.period')}
          data={[
            ALL(t('reports.filter.allPeriods')),
            ...(periods.data ?? []).map((p) => ({
              value: p._id,
              label: p.name
                ? t('reports.filter.periodNamed', { label: p.label, name: p.name })
                : p.label,
            })),
          ]}
          value={value.periodId}
          onChange={(v) => onChange({ ...value, periodId: v ?? '' })}
          allowDeselect={false}
          w={{ base: '100%', xs: 190 }}
        />
      ) : null}
      {show.people ? (
        <>
          <Select
            label={t('reports.filter.house')}
            data={[
              ALL(t('reports.filter.allHouses')),
              ...(houses.data ?? []).map((h) => ({ value: h.name, label: houseLabel(h.name) })),
            ]}
            value={value.house}
            onChange={(v) => onChange({ ...value, house: v ?? '' })}
            allowDeselect={false}
            w={{ base: '100%', xs: 160 }}
          />
          <Select
            label={t('reports.filter.grade')}
            data={[
              ALL(t('reports.filter.allGrades')),
              ...(grades.data ?? []).map((g) => ({ value: g.value, label: grade(g.value) })),
            ]}
            value={value.gradeLevel}
            onChange={(v) => onChange({ ...value, gradeLevel: v ?? '' })}
            allowDeselect={false}
            w={{ base: '100%', xs: 180 }}
          />
        </>
      ) : null}
      {show.category === false ? null : (
        <Select
          label={t('reports.filter.category')}
          data={[
            ALL(t('reports.filter.allCategories')),
            ...meta.categories.map((c) => ({ value: c, label: category(c) })),
          ]}
          value={value.category}
          onChange={(v) => onChange({ ...value, category: v ?? '' })}
          allowDeselect={false}
          w={{ base: '100%', xs: 190 }}
        />
      )}
    </Group>
  );
}

/** What the filter bar offers: the ranges, periods, houses and grades, and the custom range being typed. */
function useFilterChoices({ meta, value, onChange, show }: FiltersBarProps) {
  const { t, grade, category, rangeLabel } = useReportWords();
  const mine = usePeriods();
  const ofSchool = useQuery({
    queryKey: queryKeys.periods.school,
    queryFn: () => unwrap(api.periods.list({ query: { scope: 'school' } })),
    enabled: show.period && show.schoolPeriods,
  });
  const periods = show.schoolPeriods ? ofSchool : mine;
  const houses = useQuery({
    queryKey: queryKeys.houses,
    queryFn: () => unwrap(api.school.houses()),
    enabled: show.people,
  });
  const grades = useQuery({
    queryKey: queryKeys.gradeLevels,
    queryFn: () => unwrap(api.school.gradeLevels()),
    enabled: show.people,
  });
  const pickRange = (key: string | null) => {
    const r = meta.ranges.find((x) => x.key === key);
    onChange(
      r
        ? { ...value, range: r.key, startDate: r.from, endDate: r.to }
        : { ...value, range: 'custom' },
    );
  };
  return { t, grade, category, rangeLabel, periods, houses, grades, pickRange };
}

/** A custom range: its first and last day. */
function CustomRange({ value, onChange }: Pick<FiltersBarProps, 'value' | 'onChange'>) {
  const { t, lang } = useReportWords();
  return (
    <>
      <DateInput
        label={t('reports.filter.from')}
        locale={lang}
        valueFormat={t('reports.filter.dateFormat')}
        value={value.startDate || null}
        maxDate={value.endDate || undefined}
        onChange={(d) => onChange({ ...value, startDate: d ?? '' })}
        w={{ base: '100%', xs: 210 }}
      />
      <DateInput
        label={t('reports.filter.to')}
        locale={lang}
        valueFormat={t('reports.filter.dateFormat')}
        value={value.endDate || null}
        minDate={value.startDate || undefined}
        onChange={(d) => onChange({ ...value, endDate: d ?? '' })}
        w={{ base: '100%', xs: 210 }}
      />
    </>
  );
}
