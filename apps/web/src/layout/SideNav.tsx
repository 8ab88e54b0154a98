import { NavLink, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { sideNav } from '@app/domain';
import type { SessionUser } from '../api';

/** Links of docs/spec.md section 2's side navigation; the rules live in sideNav(). */
export function SideNav({ user, onNavigate }: { user: SessionUser; onNavigate: () => void }) {
  const { pathname } = useLocation();
  const items = sideNav(user);
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
            label={item.label}
            active={active}
            variant="light"
            onClick={onNavigate}
            aria-current={active ? 'page' : undefined}
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          />
        );
      })}
    </Stack>
  );
}
