import { Avatar, Menu, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { accountMenu, allows, fullName, initials, PAGE_WORDS, type MenuItem } from '@app/domain';
import type { SessionUser } from '../api';
import { useT } from '../i18n';
import { useSession } from '../session';
import { CustomName } from '../components/customization/CustomName';
import { useCustomization } from '../components/customization/useCustomization';
import { useHideHowToEarn } from './useHideHowToEarn';

function MenuEntry({ item, onLogout }: { item: MenuItem; onLogout: () => void }) {
  const t = useT();
  const label = t(PAGE_WORDS[item.label]);
  const responsive = item.smallScreenOnly ? { hiddenFrom: 'sm' } : {};
  if (item.key === 'logout') {
    return (
      <Menu.Item color="red" onClick={onLogout}>
        {label}
      </Menu.Item>
    );
  }
  if (item.external) {
    // A school without a toolbox link still sees the entry, but it leads nowhere.
    if (!item.href) return <Menu.Item disabled>{label}</Menu.Item>;
    return (
      <Menu.Item
        component="a"
        href={item.href}
        target="_blank"
        rel="noopener noreferrer"
        {...responsive}
      >
        {label}
      </Menu.Item>
    );
  }
  return (
    <Menu.Item component={Link} to={item.href} {...responsive}>
      {label}
    </Menu.Item>
  );
}

export function AccountMenu({ user }: { user: SessionUser }) {
  const t = useT();
  const { logout } = useSession();
  // A cashier reads nothing of the school (issue 35): their menu has no How To Earn to hide.
  const hidden = useHideHowToEarn(allows(user, 'configuration:read'));
  const items = accountMenu(user, hidden);
  const custom = useCustomization(user);
  return (
    <Menu position="bottom-end" width={220} shadow="md" withinPortal>
      <Menu.Target>
        {/* Named by its text, not an aria-label, so the visible initials (a picture of the user,
            hidden from assistive technology) do not contradict the name (WCAG 2.5.3). */}
        <UnstyledButton title={fullName(user)}>
          <Avatar color="grape" radius="xl" aria-hidden>
            {initials(user)}
          </Avatar>
          <VisuallyHidden>{t('layout.accountMenu')}</VisuallyHidden>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <CustomName customization={custom} iconSize={16}>
            {fullName(user)}
          </CustomName>
        </Menu.Label>
        {items.map((item) => (
          <MenuEntry key={item.key} item={item} onLogout={() => void logout()} />
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
