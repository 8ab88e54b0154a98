import type { ComponentType } from 'react';
import { allows, type MessageKey } from '@app/domain';
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
  /** The tab's name, from the catalogue. */
  label: MessageKey;
  /** Who sees the tab; the server checks the same permission on every call behind it. */
  visible: (user: SessionUser) => boolean;
  Panel: ComponentType<{ user: SessionUser }>;
}

/**
 * The settings screen's sections, in order: the one list to add a section to (single sign-on,
 * school tokens and roster import add theirs here, as "sso", "tokens", "roster").
 */
export const SETTINGS_TABS: SettingsTab[] = [
  {
    id: 'school',
    label: 'settings.tab.school',
    visible: (u) => allows(u, 'settings:school'),
    Panel: SchoolTab,
  },
  {
    id: 'users',
    label: 'settings.tab.users',
    visible: (u) => allows(u, 'settings:users'),
    Panel: UsersRolesTab,
  },
  // Only a school with a house system has a house part; house managers see nothing else.
  {
    id: 'house',
    label: 'settings.tab.house',
    visible: (u) => u.school.hasHouseSystem && allows(u, 'settings:houseSystem'),
    Panel: HouseSystemTab,
  },
  {
    id: 'advanced',
    label: 'settings.tab.advanced',
    visible: (u) => allows(u, 'settings:advanced'),
    Panel: AdvancedTab,
  },
  {
    id: 'store',
    label: 'settings.tab.store',
    visible: (u) => allows(u, 'settings:store'),
    Panel: StoreTab,
  },
  {
    id: 'school-year',
    label: 'settings.tab.schoolYear',
    visible: (u) => allows(u, 'settings:schoolYear'),
    Panel: SchoolYearTab,
  },
  {
    id: 'sso',
    label: 'settings.tab.sso',
    visible: (u) => allows(u, 'settings:identity'),
    Panel: SsoSettings,
  },
  {
    id: 'tokens',
    label: 'settings.tab.tokens',
    visible: (u) => allows(u, 'settings:identity'),
    Panel: SchoolTokens,
  },
  {
    id: 'invitations',
    label: 'settings.tab.invitations',
    visible: (u) => allows(u, 'settings:identity'),
    Panel: Invitations,
  },
  {
    id: 'roster',
    label: 'settings.tab.roster',
    visible: (u) => allows(u, 'roster:import'),
    Panel: RosterImport,
  },
  {
    id: 'data',
    label: 'settings.tab.data',
    visible: (u) => allows(u, 'data:export') || allows(u, 'students:erase'),
    Panel: DataTab,
  },
  {
    id: 'guardians',
    label: 'settings.tab.guardians',
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
