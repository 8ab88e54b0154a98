import { memo, useEffect, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { Group, Stack, Text } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import type { ActivityOption, ActivityOptions } from '../../api';
import { useT } from '../../i18n';
import { actionSections } from './actionOrder';
import { useLabels } from './labels';
import { ActionButton, type ToolProps } from './ActionButton';
import { nextTool, toolKey, type Tool } from './toolbarKeys';

interface Props {
  options: ActivityOptions;
  chosen: string[];
  onToggle: (typeId: string) => void;
  onPin: (typeId: string) => void;
  onDeleteCustom: (action: ActivityOption) => void;
  /** The toolbar element, for pages that move focus to it. */
  toolbarRef?: Ref<HTMLDivElement>;
}

type SectionProps = Omit<Props, 'options' | 'toolbarRef'> & {
  title: string;
  actions: ActivityOption[];
  empty?: string;
  pinned: string[];
  tool: ToolProps;
};

function Section({ title, actions, empty, ...rest }: SectionProps) {
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
              tool={rest.tool}
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

/**
 * Bonuses, Flags (and for admins the other categories) as buttons, the user's pinned (power)
 * actions first. The whole picker is one Tab stop (a toolbar with a roving tabindex): arrow keys
 * move between actions and their pins, a letter jumps to an action, Enter or Space chooses.
 */
export const ActionPicker = memo(function ActionPicker({ options, toolbarRef, ...rest }: Props) {
  const t = useT();
  const labels = useLabels();
  const s = actionSections(options);
  const pinned = options.powerActions;
  const ordered = [...s.pinned, ...s.bonuses, ...s.flags, ...s.others.flatMap((o) => o.actions)];
  const tools: Tool[] = ordered.flatMap((a) => [
    { key: toolKey(a._id, 'main'), main: true, name: a.name },
    { key: toolKey(a._id, 'pin'), main: false, name: a.name },
    ...(a.isCustom ? [{ key: toolKey(a._id, 'delete'), main: false, name: a.name }] : []),
  ]);
  const [active, setActive] = useState<string | null>(null);
  const current = active && tools.some((t) => t.key === active) ? active : (tools[0]?.key ?? '');
  const root = useRef<HTMLDivElement | null>(null);
  // Pinning moves an action to another section (a new button); deleting removes it: focus follows.
  const refocus = useRef(false);
  const focusTool = (key: string) =>
    root.current?.querySelector<HTMLElement>(`[data-tool="${CSS.escape(key)}"]`)?.focus();
  useEffect(() => {
    if (!refocus.current) return;
    const lost = !document.activeElement || document.activeElement === document.body;
    if (lost) focusTool(current);
    if (lost || root.current?.contains(document.activeElement)) refocus.current = false;
  });

  const tool: ToolProps = (key) => ({
    tabIndex: key === current ? 0 : -1,
    'data-tool': key,
    onFocus: () => setActive(key),
  });
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const next = nextTool(e.key, tools, current);
    if (!next) return;
    e.preventDefault();
    setActive(next);
    focusTool(next);
  };
  const sectionProps = {
    ...rest,
    pinned,
    tool,
    onPin: (id: string) => {
      refocus.current = true;
      setActive(toolKey(id, 'pin'));
      rest.onPin(id);
    },
    onDeleteCustom: (a: ActivityOption) => {
      refocus.current = true;
      rest.onDeleteCustom(a);
    },
  };
  const setRoot = useMergedRef(root, toolbarRef);

  return (
    <Stack
      gap="md"
      role="toolbar"
      aria-label={t('giving.toolbar')}
      onKeyDown={onKeyDown}
      ref={setRoot}
    >
      <Section title={t('giving.pinned')} actions={s.pinned} {...sectionProps} />
      <Section
        title={t('giving.bonuses')}
        actions={s.bonuses}
        empty={s.pinned.length ? undefined : t('giving.noBonuses')}
        {...sectionProps}
      />
      <Section
        title={t('giving.flags')}
        actions={s.flags}
        empty={s.pinned.length ? undefined : t('giving.noFlags')}
        {...sectionProps}
      />
      {s.others.map((o) => (
        <Section
          key={o.category}
          title={labels.category(o.category)}
          actions={o.actions}
          {...sectionProps}
        />
      ))}
    </Stack>
  );
}, samePicker);

/**
 * Memoized by what it shows: choosing a student on the class page redraws the give panel, not its
 * actions (INP on a phone). `chosen` is compared by its ids; the callbacks should keep their
 * identity (useLatestCallback).
 */
function samePicker(a: Props, b: Props): boolean {
  return (
    a.options === b.options &&
    a.chosen.length === b.chosen.length &&
    a.chosen.every((id, i) => id === b.chosen[i]) &&
    a.onToggle === b.onToggle &&
    a.onPin === b.onPin &&
    a.onDeleteCustom === b.onDeleteCustom &&
    a.toolbarRef === b.toolbarRef
  );
}
