import type { ReactNode } from 'react';
import { AppShell } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import type { SessionUser } from '../api';
import { MAIN_CONTENT_ID, SkipLink } from '../components/SkipLink';
import { useT } from '../i18n';
import { usePeriods } from '../session';
import { AppHeader } from './AppHeader';
import { DemoBanner } from './DemoBanner';
import { SideNav } from './SideNav';
import { SurveyPrompt } from './SurveyPrompt';
import { YearBanner } from './YearBanner';

/** Signed-in frame: header, side navigation and the page. */
export function AppLayout({ user, children }: { user: SessionUser; children: ReactNode }) {
  const t = useT();
  const [navOpened, nav] = useDisclosure(false);
  // Non-students load their period list with the session (docs/spec.md section 4); pages read it from the cache.
  usePeriods();
  const [slim, setSlim] = useLocalStorage({ key: 'slimHeader', defaultValue: false });
  return (
    <AppShell
      header={{ height: slim ? 48 : 64 }}
      navbar={{ width: 232, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="lg"
      transitionDuration={150}
    >
      <SkipLink />
      <AppShell.Header>
        <AppHeader
          user={user}
          slim={slim}
          onToggleSlim={() => setSlim((s) => !s)}
          navOpened={navOpened}
          onToggleNav={nav.toggle}
        />
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label={t('layout.mainNavigation')}>
        {/* The browser's own scrolling: Mantine's ScrollArea weighed 4 KB gzip of the first chunk. */}
        <AppShell.Section grow style={{ overflowY: 'auto', minHeight: 0 }}>
          <SideNav user={user} onNavigate={nav.close} />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} bg="var(--mantine-color-gray-0)">
        {/* Edge to edge above the page: the main area's padding taken back. */}
        <DemoBanner
          mt="calc(-1 * var(--app-shell-padding))"
          mx="calc(-1 * var(--app-shell-padding))"
          mb="md"
        />
        <YearBanner user={user} />
        {/* Students and teachers: a survey to answer if they like, above the page, never over it. */}
        <SurveyPrompt user={user} />
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
