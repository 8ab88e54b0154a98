import { Select } from '@mantine/core';
import type { GroupType } from '../../api';

/** Picks one group of the class's group types; choosing it selects its members. */
export function GroupSelect({
  groupTypes,
  value,
  onChoose,
}: {
  groupTypes: GroupType[];
  value: string | null;
  onChoose: (groupId: string | null) => void;
}) {
  const data = groupTypes
    .filter((t) => t.groups.length > 0)
    .map((t) => ({
      group: t.name,
      items: t.groups.map((g) => ({ value: g._id, label: `${g.name} (${g.studentIds.length})` })),
    }));
  return (
    <Select
      label="Select a group"
      placeholder={data.length ? 'Choose a group' : 'No groups yet'}
      data={data}
      value={value}
      onChange={onChoose}
      disabled={!data.length}
      clearable
      w={{ base: '100%', sm: 220 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
