import { memo } from 'react';
import { Select } from '@mantine/core';
import type { GroupType } from '../../api';
import { useT } from '../../i18n';

/**
 * Picks one group of the class's group types; choosing it selects its members. Memoized: a tap
 * on the roster does not redraw it (a Select is one of the page's heaviest controls).
 */
export const GroupSelect = memo(function GroupSelect({
  groupTypes,
  value,
  onChoose,
}: {
  groupTypes: GroupType[];
  value: string | null;
  onChoose: (groupId: string | null) => void;
}) {
  const t = useT();
  const data = groupTypes
    .filter((gt) => gt.groups.length > 0)
    .map((gt) => ({
      group: gt.name,
      items: gt.groups.map((g) => ({
        value: g._id,
        label: t('classroom.groupOption', { name: g.name, count: g.studentIds.length }),
      })),
    }));
  return (
    <Select
      label={t('classroom.selectGroup')}
      placeholder={t(data.length ? 'classroom.chooseGroup' : 'classroom.noGroupsYet')}
      data={data}
      value={value}
      onChange={onChoose}
      disabled={!data.length}
      clearable
      w={{ base: '100%', sm: 220 }}
      // Its list is drawn when it opens: kept mounted (Mantine's default), it was placed by a
      // forced layout of the whole page when the class page first drew (issue 35).
      comboboxProps={{ withinPortal: true, keepMounted: false }}
    />
  );
});
