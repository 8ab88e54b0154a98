import { useState } from 'react';
import { ActionIcon, Button, Group, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import type { ClassStudentStats, GroupType, GroupTypeUpdateBody } from '../../api';
import { ErrorNotice } from '../../components/ErrorNotice';

interface Props {
  initial?: GroupType;
  students: ClassStudentStats[];
  saving: boolean;
  error: string | null;
  onSave: (input: GroupTypeUpdateBody) => void;
  onCancel: () => void;
}

type Draft = GroupTypeUpdateBody['groups'][number] & { key: string };
let nextKey = 0;
const newKey = () => `g${++nextKey}`;

/** One group type (e.g. "Tables") with its groups and their members. */
export function GroupTypeEditor({ initial, students, saving, error, onSave, onCancel }: Props) {
  const [name, setName] = useState(initial?.name ?? '');
  const [groups, setGroups] = useState<Draft[]>(
    initial?.groups.map((g) => ({ ...g, key: g._id })) ?? [
      { key: newKey(), name: 'Group 1', studentIds: [] },
    ],
  );
  const studentData = students.map((s) => ({
    value: s._id,
    label: `${s.lastName}, ${s.firstName}`,
  }));
  const change = (key: string, patch: Partial<Draft>) =>
    setGroups((gs) => gs.map((g) => (g.key === key ? { ...g, ...patch } : g)));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    onSave({
      name: name.trim(),
      groups: groups.map(({ key: _k, ...g }) => ({ ...g, name: g.name.trim() })),
    });
  };

  return (
    <form onSubmit={submit} aria-label={initial ? `Edit ${initial.name}` : 'New group type'}>
      <Stack gap="md">
        <TextInput
          label="Group type name"
          placeholder="Tables, Teams, Reading groups…"
          required
          maxLength={60}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        {groups.map((g, i) => (
          <Stack
            key={g.key}
            gap={6}
            p="sm"
            style={{
              border: '1px solid var(--mantine-color-default-border)',
              borderRadius: 'var(--mantine-radius-md)',
            }}
          >
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                label={`Group ${i + 1} name`}
                required
                maxLength={60}
                value={g.name}
                onChange={(e) => change(g.key, { name: e.currentTarget.value })}
                style={{ flex: 1 }}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`Remove group ${g.name || i + 1}`}
                onClick={() => setGroups((gs) => gs.filter((x) => x.key !== g.key))}
              >
                ×
              </ActionIcon>
            </Group>
            <MultiSelect
              label={`Members of ${g.name || `group ${i + 1}`}`}
              placeholder="Pick students"
              data={studentData}
              value={g.studentIds}
              onChange={(ids) => change(g.key, { studentIds: ids })}
              searchable
              clearable
              hidePickedOptions
              comboboxProps={{ withinPortal: true }}
            />
          </Stack>
        ))}
        <Button
          variant="light"
          onClick={() =>
            setGroups((gs) => [
              ...gs,
              { key: newKey(), name: `Group ${gs.length + 1}`, studentIds: [] },
            ])
          }
        >
          Add a group
        </Button>
        {groups.length === 0 ? (
          <Text fz="sm" c="dimmed">
            A group type without groups selects nobody.
          </Text>
        ) : null}
        {error ? <ErrorNotice title="Groups not saved" message={error} /> : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={saving} disabled={!name.trim()}>
            Save groups
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
