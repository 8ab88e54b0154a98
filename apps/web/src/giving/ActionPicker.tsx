import { Group, Stack, Text } from '@mantine/core';
import type { ActivityOption, ActivityOptions } from '../api';
import { actionSections } from './actionOrder';
import { ActionButton } from './ActionButton';

interface Props {
  options: ActivityOptions;
  chosen: string[];
  onToggle: (typeId: string) => void;
  onPin: (typeId: string) => void;
  onDeleteCustom: (action: ActivityOption) => void;
}

function Section({ title, actions, empty, ...rest }: Omit<Props, 'options'> & { title: string; actions: ActivityOption[]; empty?: string; pinned: string[] }) {
  if (!actions.length && !empty) return null;
  return (
    <Stack gap={6} role="group" aria-label={title}>
      <Text fz="xs" fw={700} c="dimmed" tt="uppercase">
        {title}
      </Text>
      {actions.length ? (
        <Group gap="xs">
          {actions.map((a) => (
            <ActionButton
              key={a._id}
              action={a}
              chosen={rest.chosen.includes(a._id)}
              pinned={rest.pinned.includes(a._id)}
              onToggle={() => rest.onToggle(a._id)}
              onPin={() => rest.onPin(a._id)}
              onDelete={a.isCustom ? () => rest.onDeleteCustom(a) : undefined}
            />
          ))}
        </Group>
      ) : (
        <Text fz="sm" c="dimmed">
          {empty}
        </Text>
      )}
    </Stack>
  );
}

/** Bonuses, Flags (and for admins the other categories) as buttons, the user's pinned (power) actions first. */
export function ActionPicker({ options, ...rest }: Props) {
  const s = actionSections(options);
  const pinned = options.powerActions;
  return (
    <Stack gap="md">
      <Section title="Pinned" actions={s.pinned} pinned={pinned} {...rest} />
      <Section title="Bonuses" actions={s.bonuses} pinned={pinned} empty={s.pinned.length ? undefined : 'No bonuses yet.'} {...rest} />
      <Section title="Flags" actions={s.flags} pinned={pinned} empty={s.pinned.length ? undefined : 'No flags yet.'} {...rest} />
      {s.others.map((o) => (
        <Section key={o.category} title={o.category} actions={o.actions} pinned={pinned} {...rest} />
      ))}
    </Stack>
  );
}
