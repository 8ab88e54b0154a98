import { Badge, Button, Group, Tooltip, VisuallyHidden } from '@mantine/core';
import type { ActivityOption } from '../../api';
import { useT } from '../../i18n';
import { signedPoints } from '../points';
import { toolKey } from './toolbarKeys';

/** What the action picker's roving tabindex gives each control: one of them is the Tab stop. */
export type ToolProps = (key: string) => {
  tabIndex: number;
  'data-tool': string;
  onFocus: () => void;
};

interface Props {
  action: ActivityOption;
  chosen: boolean;
  pinned: boolean;
  onToggle: () => void;
  onPin: () => void;
  onDelete?: () => void;
  tool: ToolProps;
}

/** One Bonus or Flag: pressing it chooses it; the star pins it to the top; custom ones can be removed. */
export function ActionButton({ action, chosen, pinned, onToggle, onPin, onDelete, tool }: Props) {
  const t = useT();
  const color = action.category === 'Flags' ? 'red' : 'teal';
  return (
    <Group gap={0} wrap="nowrap">
      <Button
        color={color}
        variant={chosen ? 'filled' : 'light'}
        aria-pressed={chosen}
        onClick={onToggle}
        size="sm"
        rightSection={
          <Badge size="sm" variant={chosen ? 'white' : 'filled'} color={color} aria-hidden>
            {signedPoints(action.points)}
          </Badge>
        }
        style={{ borderTopRightRadius: 0, borderBottomRightRadius: 0 }}
        {...tool(toolKey(action._id, 'main'))}
      >
        {action.name}
        <VisuallyHidden>
          {t('giving.actionPoints', {
            points: signedPoints(action.points),
            count: Math.abs(action.points),
          })}
        </VisuallyHidden>
      </Button>
      <Tooltip label={t(pinned ? 'giving.unpin' : 'giving.pinToTop')} withArrow openDelay={400}>
        <Button
          size="sm"
          px={8}
          color={color}
          variant="default"
          aria-label={t(pinned ? 'giving.unpinAction' : 'giving.pinAction', { name: action.name })}
          aria-pressed={pinned}
          onClick={onPin}
          style={{
            borderTopLeftRadius: 0,
            borderBottomLeftRadius: onDelete ? 0 : undefined,
            borderTopRightRadius: onDelete ? 0 : undefined,
            borderLeft: 0,
          }}
          {...tool(toolKey(action._id, 'pin'))}
        >
          {t(pinned ? 'giving.pinnedMark' : 'giving.unpinnedMark')}
        </Button>
      </Tooltip>
      {onDelete ? (
        <Button
          size="sm"
          px={8}
          variant="default"
          aria-label={t('giving.deleteCustom', { name: action.name })}
          onClick={onDelete}
          style={{ borderTopLeftRadius: 0, borderBottomLeftRadius: 0, borderLeft: 0 }}
          {...tool(toolKey(action._id, 'delete'))}
        >
          {t('giving.deleteMark')}
        </Button>
      ) : null}
    </Group>
  );
}
