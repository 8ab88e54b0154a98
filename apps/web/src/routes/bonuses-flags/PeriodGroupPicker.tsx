import { Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { periodLabel, schoolPeriods } from '@app/domain';
import { groupTypes, periods, queryKeys, unwrap } from '../../api';
import { ErrorNotice } from '../../components/ErrorNotice';

interface Props {
  periodId: string | null;
  groupId: string | null;
  onChange: (
    v: { periodId: string | null; groupId: string | null },
    names: { period?: string; group?: string },
  ) => void;
}

const periodName = (p: { periodNumber: number; name: string; teacher: { lastName: string } }) =>
  `${periodLabel(p.periodNumber)} — ${p.name} (${p.teacher.lastName})`;

/** A whole class of the school, or one group of it. */
export function PeriodGroupPicker({ periodId, groupId, onChange }: Props) {
  const list = useQuery({
    queryKey: queryKeys.periods.school,
    queryFn: () => unwrap(periods.list('school')),
  });
  const groups = useQuery({
    queryKey: queryKeys.groupTypes.ofClass(periodId),
    queryFn: () => unwrap(groupTypes.list(periodId ?? '')),
    enabled: Boolean(periodId),
  });
  if (list.isError) return <ErrorNotice message={list.error.message} />;
  const all = schoolPeriods(list.data ?? []);
  const groupData = (groups.data ?? [])
    .filter((t) => t.groups.length)
    .map((t) => ({
      group: t.name,
      items: t.groups.map((g) => ({ value: g._id, label: `${g.name} (${g.studentIds.length})` })),
    }));
  const nameOfPeriod = (id: string | null) => {
    const p = all.find((x) => x._id === id);
    return p ? periodName(p) : undefined;
  };
  const nameOfGroup = (id: string | null) =>
    (groups.data ?? []).flatMap((t) => t.groups).find((g) => g._id === id)?.name;

  return (
    <Stack gap="sm">
      <Select
        label="Class"
        placeholder={list.isPending ? 'Loading classes…' : 'Choose a class'}
        searchable
        data={all.map((p) => ({
          value: p._id,
          label: `${periodName(p)} · ${p.studentCount} students`,
        }))}
        value={periodId}
        onChange={(id) => onChange({ periodId: id, groupId: null }, { period: nameOfPeriod(id) })}
        nothingFoundMessage="No class matches"
      />
      {periodId ? (
        <Select
          label="Group (optional)"
          placeholder={groupData.length ? 'The whole class' : 'This class has no groups'}
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
