import { Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { schoolPeriods } from '@app/domain';
import { api, queryKeys, unwrap } from '../../api';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useLabels } from '../../components/giving/labels';
import { useT } from '../../i18n';

interface Props {
  periodId: string | null;
  groupId: string | null;
  onChange: (
    v: { periodId: string | null; groupId: string | null },
    names: { period?: string; group?: string },
  ) => void;
}

/** A whole class of the school, or one group of it. */
export function PeriodGroupPicker({ periodId, groupId, onChange }: Props) {
  const t = useT();
  const labels = useLabels();
  const periodName = (p: { periodNumber: number; name: string; teacher: { lastName: string } }) =>
    t('classroom.periodTeacher', {
      period: labels.period(p.periodNumber),
      name: p.name,
      teacher: p.teacher.lastName,
    });
  const list = useQuery({
    queryKey: queryKeys.periods.school,
    queryFn: () => unwrap(api.periods.list({ query: { scope: 'school' } })),
  });
  const groups = useQuery({
    queryKey: queryKeys.groupTypes.ofClass(periodId),
    queryFn: () => unwrap(api.groupTypes.list({ query: { internalPeriodId: periodId ?? '' } })),
    enabled: Boolean(periodId),
  });
  if (list.isError) return <ErrorNotice message={list.error.message} />;
  const all = schoolPeriods(list.data ?? []);
  const groupData = (groups.data ?? [])
    .filter((gt) => gt.groups.length)
    .map((gt) => ({
      group: gt.name,
      items: gt.groups.map((g) => ({
        value: g._id,
        label: t('classroom.groupOption', { name: g.name, count: g.studentIds.length }),
      })),
    }));
  const nameOfPeriod = (id: string | null) => {
    const p = all.find((x) => x._id === id);
    return p ? periodName(p) : undefined;
  };
  const nameOfGroup = (id: string | null) =>
    (groups.data ?? []).flatMap((gt) => gt.groups).find((g) => g._id === id)?.name;

  return (
    <Stack gap="sm">
      <Select
        label={t('classroom.class')}
        placeholder={t(
          list.isPending ? 'classroom.loadingClassesEllipsis' : 'classroom.chooseClass',
        )}
        searchable
        data={all.map((p) => ({
          value: p._id,
          label: t('classroom.periodOption', { name: periodName(p), count: p.studentCount }),
        }))}
        value={periodId}
        onChange={(id) => onChange({ periodId: id, groupId: null }, { period: nameOfPeriod(id) })}
        nothingFoundMessage={t('classroom.noClassMatches')}
      />
      {periodId ? (
        <Select
          label={t('classroom.groupOptional')}
          placeholder={t(groupData.length ? 'classroom.wholeClass' : 'classroom.classNoGroups')}
          data={groupData}
          value={groupId}
          clearable
          disabled={!groupData.length}
          onChange={(id) =>
            onChange(
              { periodId, groupId: id },
              { period: nameOfPeriod(periodId), group: nameOfGroup(id) ?? undefined },
            )
          }
        />
      ) : null}
    </Stack>
  );
}
