import type { ReactNode } from 'react';
import { Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { T } from '../../i18n';

/** The sign-in pages' frame: a narrow card with the page's heading, and a way back to the login. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container size={440} py={56}>
      <Paper withBorder shadow="sm" p="xl">
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1}>{title}</Title>
            {intro ? <Text c="dimmed">{intro}</Text> : null}
          </Stack>
          {children}
          <Text fz="sm" c="dimmed" ta="center">
            <Anchor component={Link} to="/login">
              <T k="welcome.backToLogin" />
            </Anchor>
          </Text>
        </Stack>
      </Paper>
    </Container>
  );
}
