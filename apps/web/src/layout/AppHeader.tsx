import { ActionIcon, Burger, Group, Stack, Text } from '@mantine/core';
import { shortName } from '@app/domain';
import type { SessionUser } from '../api';
import { CustomName } from '../components/customization/CustomName';
import { useCustomization } from '../components/customization/useCustomization';
import { useRoleLabel } from '../components/words';
import { useT } from '../i18n';
import { AccountMenu } from './AccountMenu';
import { Brand } from './Brand';
import { NotificationBell } from './NotificationBell';
import { SPACE } from '../components/space';

interface Props {
  user: SessionUser;
  slim: boolean;
  onToggleSlim: () => void;
  navOpened: boolean;
  onToggleNav: () => void;
}

export function AppHeader({ user, slim, onToggleSlim, navOpened, onToggleNav }: Props) {
  // A student's name shows in the font and with the icon they chose (bought in the store).
  const custom = useCustomization(user);
  const t = useT();
  const role = useRoleLabel()(user.roles);
  // The arrow is a picture (aria-hidden): the button's name says what it does.
  const arrow = slim ? '▾' : '▴';
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label={t('layout.toggleNavigation')}
        />
        <Brand compact={slim} />
      </Group>
      <Group gap="sm" wrap="nowrap">
        {slim ? (
          <Text fz="sm" fw={600}>
            <CustomName customization={custom} iconSize={18}>
              {shortName(user)}
            </CustomName>
            {SPACE}
            <Text span c="dimmed" fz="xs">
              {t('layout.headerRole', { role })}
            </Text>
          </Text>
        ) : (
          <Stack gap={0} align="flex-end">
            <Text fw={600} lh={1.2} component="div">
              <CustomName customization={custom}>{shortName(user)}</CustomName>
            </Text>
            <Text fz="xs" c="dimmed" lh={1.2}>
              {role}
            </Text>
          </Stack>
        )}
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={onToggleSlim}
          aria-label={t('layout.toggleSlimHeader')}
          aria-pressed={slim}
        >
          <Text fz="lg" lh={1} aria-hidden>
            {arrow}
          </Text>
        </ActionIcon>
        <NotificationBell user={user} />
        <AccountMenu user={user} />
      </Group>
    </Group>
  );
}
