import { useState } from 'react';
import { ActionIcon, Button, Group, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import type { ClassStudentStats, GroupType, GroupTypeUpdateBody } from '../../api';
import { ErrorNotice } from '../../components/ErrorNotice';
import { useT } from '../../i18n';

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
  const t = useT();
  const [name, setName] = useState(initial?.name ?? '');
  const [groups, setGroups] = useState<Draft[]>(
    initial?.groups.map((g) => ({ ...g, key: g._id })) ?? [
      { key: newKey(), name: t('classroom.defaultGroupName', { n: 1 }), studentIds: [] },
    ],
  );
  const studentData = students.map((s) => ({
    value: s._id,
    label: t('classroom.lastFirst', { lastName: s.lastName, firstName: s.firstName }),
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
    <form
      onSubmit={submit}
      aria-label={
        initial ? t('classroom.editName', { name: initial.name }) : t('classroom.newGroupType')
      }
    >
      <Stack gap="md">
        <TextInput
          label={t('classroom.groupTypeName')}
          placeholder={t('classroom.groupTypePlaceholder')}
          required
          maxLength={60}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        {groups.map((g, i) => (
          <GroupDraft
            key={g.key}
            group={g}
            n={i + 1}
            students={studentData}
            onChange={(patch) => change(g.key, patch)}
            onRemove={() => setGroups((gs) => gs.filter((x) => x.key !== g.key))}
          />
        ))}
        <Button
          variant="light"
          onClick={() =>
            setGroups((gs) => [
              ...gs,
              {
                key: newKey(),
                name: t('classroom.defaultGroupName', { n: gs.length + 1 }),
                studentIds: [],
              },
            ])
          }
        >
          {t('classroom.addGroup')}
        </Button>
        {groups.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {t('classroom.emptyGroupType')}
          </Text>
        ) : null}
        {error ? <ErrorNotice title={t('classroom.groupsNotSaved')} message={error} /> : null}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={saving} disabled={!name.trim()}>
            {t('classroom.saveGroups')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One group of the type: its name, its remove button, and its members. */
function GroupDraft({
  group: g,
  n,
  students,
  onChange,
  onRemove,
}: {
  group: Draft;
  n: number;
  students: { value: string; label: string }[];
  onChange: (patch: Partial<Draft>) => void;
  onRemove: () => void;
}) {
  const t = useT();
  return (
    <Stack
      gap={6}
      p="sm"
      style={{
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-md)',
      }}
    >
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={t('classroom.groupNameLabel', { n })}
          required
          maxLength={60}
          value={g.name}
          onChange={(e) => onChange({ name: e.currentTarget.value })}
          style={{ flex: 1 }}
        />
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          aria-label={t('classroom.removeGroup', { name: g.name || n })}
          onClick={onRemove}
        >
          {t('classroom.removeMark')}
        </ActionIcon>
      </Group>
      <MultiSelect
        label={t('classroom.membersOf', {
          name: g.name || t('classroom.groupN', { n }),
        })}
        placeholder={t('classroom.pickStudents')}
        data={students}
        value={g.studentIds}
        onChange={(ids) => onChange({ studentIds: ids })}
        searchable
        clearable
        hidePickedOptions
        comboboxProps={{ withinPortal: true }}
      />
    </Stack>
  );
}
