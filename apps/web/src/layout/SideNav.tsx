import { NavLink, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { homePath, PAGE_WORDS, sideNav } from '@app/domain';
import type { SessionUser } from '../api';
import { useT } from '../i18n';
import { useSession } from '../session';

/** Links of docs/spec.md section 2's side navigation; the rules live in sideNav(). */
export function SideNav({ user, onNavigate }: { user: SessionUser; onNavigate: () => void }) {
  const t = useT();
  const { pathname } = useLocation();
  const { logout } = useSession();
  const items = sideNav(user);
  // A cashier at a shared counter device (issue 35): signing out is one tap away, beside the counter.
  const atCounterOnly = homePath(user) === '/store/counter';
  return (
    <Stack gap={4}>
      {items.map((item) => {
        const active =
          pathname === item.path || (item.path === '/classes' && pathname.startsWith('/class/'));
        return (
          <NavLink
            key={item.key}
            component={Link}
            to={item.path}
            label={t(PAGE_WORDS[item.label])}
            active={active}
            variant="light"
            onClick={onNavigate}
            aria-current={active ? 'page' : undefined}
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          />
        );
      })}
      {atCounterOnly ? (
        <NavLink
          component="button"
          type="button"
          label={t(PAGE_WORDS.Logout)}
          onClick={() => void logout()}
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        />
      ) : null}
    </Stack>
  );
}
