import { lazy, Suspense } from 'react';
import { Card, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { allows, roleLabel, sideNav } from '@app/domain';
import type { SessionUser } from '../../api';

/** One line under each quick link, by side-navigation key. */
const BLURBS: Record<string, string> = {
  dashboard: 'Your balance and progress',
  activity: 'Bonuses and flags you received',
  'bonuses-flags': 'Give to students and groups',
  classes: 'Your periods and rosters',
  store: 'Items, privileges and events',
  orders: 'Orders and their status',
  reports: 'Points given and earned',
  calendar: 'School days and deliveries',
  settings: 'School, users and store settings',
  profile: 'Your account details',
};
import { Page } from '../../components/Page';

// Students only: the card's code (its queries, the progress bar) loads when it shows.
const GoalCard = lazy(() => import('./GoalCard').then((m) => ({ default: m.GoalCard })));

export function Welcome({ user }: { user: SessionUser }) {
  // Quick links follow the same rules as the side navigation, so nobody sees a page they cannot open.
  const links = [...sideNav(user), { key: 'profile', label: 'Profile', path: '/profile' }];
  return (
    <Page>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Home</Title>
          <Title order={2} fz="xl" fw={600}>
            Welcome back, {user.firstName}!
          </Title>
          <Text c="dimmed">
            {roleLabel(user.roles)} at {user.school.name}
          </Text>
        </Stack>
        {allows(user, 'goals:use') ? (
          <Suspense fallback={null}>
            <GoalCard />
          </Suspense>
        ) : null}
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="md">
          {links.map((l) => (
            <UnstyledButton key={l.key} component={Link} to={l.path}>
              <Card h="100%" p="lg" style={{ transition: 'transform 120ms' }}>
                <Text fw={700}>{l.label}</Text>
                <Text fz="xs" c="dimmed" mt={4}>
                  {BLURBS[l.key] ?? ''}
                </Text>
              </Card>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      </Stack>
    </Page>
  );
}
