import type { ComponentType } from 'react';
import { allows } from '@app/domain';
import type { SessionUser } from '../../api';
import { RosterImport } from './RosterImport';
import { Invitations, SchoolTokens, SsoSettings } from './identity';
import { AdvancedTab } from './AdvancedTab';
import { DataTab } from './DataTab';
import { GuardiansTab } from './GuardiansTab';
import { HouseSystemTab } from './HouseSystemTab';
import { SchoolTab } from './SchoolTab';
import { SchoolYearTab } from './SchoolYearTab';
import { StoreTab } from './StoreTab';
import { UsersRolesTab } from './UsersRolesTab';

export interface SettingsTab {
  /** In the URL: /settings?tab=<id>. */
  id: string;
  label: string;
  /** Who sees the tab; the server checks the same permission on every call behind it. */
  visible: (user: SessionUser) => boolean;
  Panel: ComponentType<{ user: SessionUser }>;
}

/**
 * The settings screen's sections, in order: the one list to add a section to (single sign-on,
 * school tokens and roster import add theirs here, as "sso", "tokens", "roster").
 */
export const SETTINGS_TABS: SettingsTab[] = [
  { id: 'school', label: 'School', visible: (u) => allows(u, 'settings:school'), Panel: SchoolTab },
  {
    id: 'users',
    label: 'Users and roles',
    visible: (u) => allows(u, 'settings:users'),
    Panel: UsersRolesTab,
  },
  // Only a school with a house system has a house part; house managers see nothing else.
  {
    id: 'house',
    label: 'House system',
    visible: (u) => u.school.hasHouseSystem && allows(u, 'settings:houseSystem'),
    Panel: HouseSystemTab,
  },
  {
    id: 'advanced',
    label: 'Advanced',
    visible: (u) => allows(u, 'settings:advanced'),
    Panel: AdvancedTab,
  },
  {
    id: 'store',
    label: 'Store and delivery',
    visible: (u) => allows(u, 'settings:store'),
    Panel: StoreTab,
  },
  {
    id: 'school-year',
    label: 'School year',
    visible: (u) => allows(u, 'settings:schoolYear'),
    Panel: SchoolYearTab,
  },
  {
    id: 'sso',
    label: 'Single sign-on',
    visible: (u) => allows(u, 'settings:identity'),
    Panel: SsoSettings,
  },
  {
    id: 'tokens',
    label: 'School tokens',
    visible: (u) => allows(u, 'settings:identity'),
    Panel: SchoolTokens,
  },
  {
    id: 'invitations',
    label: 'Invitations',
    visible: (u) => allows(u, 'settings:identity'),
    Panel: Invitations,
  },
  {
    id: 'roster',
    label: 'Roster import',
    visible: (u) => allows(u, 'roster:import'),
    Panel: RosterImport,
  },
  {
    id: 'data',
    label: 'Data',
    visible: (u) => allows(u, 'data:export') || allows(u, 'students:erase'),
    Panel: DataTab,
  },
  {
    id: 'guardians',
    label: 'Guardians',
    visible: (u) => allows(u, 'guardians:manage'),
    Panel: GuardiansTab,
  },
];

/** The tabs `user` sees, and the one to show for `?tab=` (the first they see when it names none of them). */
export function settingsTabsFor(
  user: SessionUser,
  requested: string | null,
  tabs: readonly SettingsTab[] = SETTINGS_TABS,
) {
  const visible = tabs.filter((t) => t.visible(user));
  const active = visible.find((t) => t.id === requested) ?? visible[0] ?? null;
  return { visible, active };
}
