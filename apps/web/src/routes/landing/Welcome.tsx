import { lazy, Suspense } from 'react';
import { Card, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { allows, PAGE_WORDS, sideNav, type MessageKey } from '@app/domain';
import type { SessionUser } from '../../api';
import { Page } from '../../components/Page';
import { useRoleLabel } from '../../components/words';
import { Spinner } from '../../components/Spinner';
import { useT } from '../../i18n';
import { GoalFrame } from './GoalFrame';

/** One line under each quick link, by side-navigation key. */
const BLURBS: Record<string, MessageKey> = {
  dashboard: 'welcome.blurbDashboard',
  activity: 'welcome.blurbActivity',
  'bonuses-flags': 'welcome.blurbBonusesFlags',
  classes: 'welcome.blurbClasses',
  store: 'welcome.blurbStore',
  orders: 'welcome.blurbOrders',
  reports: 'welcome.blurbReports',
  calendar: 'welcome.blurbCalendar',
  settings: 'welcome.blurbSettings',
  profile: 'welcome.blurbProfile',
};

// Students only: the card's code (its queries, the progress bar) loads when it shows.
const GoalCard = lazy(() => import('./GoalCard').then((m) => ({ default: m.GoalCard })));

export function Welcome({ user }: { user: SessionUser }) {
  const t = useT();
  const roleLabel = useRoleLabel();
  // Quick links follow the same rules as the side navigation, so nobody sees a page they cannot open.
  const links = [...sideNav(user), { key: 'profile', label: 'Profile' as const, path: '/profile' }];
  return (
    <Page>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('layout.pageHome')}</Title>
          <Title order={2} fz="xl" fw={600}>
            {t('welcome.greeting', { name: user.firstName })}
          </Title>
          <Text c="dimmed">
            {t('welcome.roleAt', { role: roleLabel(user.roles), school: user.school.name })}
          </Text>
        </Stack>
        {allows(user, 'goals:use') ? (
          <Suspense
            fallback={
              <GoalFrame>
                <Spinner label={t('welcome.goalLoading')} size="sm" />
              </GoalFrame>
            }
          >
            <GoalCard />
          </Suspense>
        ) : null}
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="md">
          {links.map((l) => {
            const blurb = BLURBS[l.key];
            return (
              <UnstyledButton key={l.key} component={Link} to={l.path}>
                <Card h="100%" p="lg" style={{ transition: 'transform 120ms' }}>
                  <Text fw={700}>{t(PAGE_WORDS[l.label])}</Text>
                  <Text fz="xs" c="dimmed" mt={4}>
                    {blurb ? t(blurb) : null}
                  </Text>
                </Card>
              </UnstyledButton>
            );
          })}
        </SimpleGrid>
      </Stack>
    </Page>
  );
}
