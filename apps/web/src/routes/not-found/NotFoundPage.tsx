import { useEffect } from 'react';
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';

// Keyed by navigation, so a remount (StrictMode, a layout switch) does not log the same miss twice.
const loggedNavigations = new Set<string>();

export function NotFoundPage() {
  const { pathname, key } = useLocation();
  useEffect(() => {
    if (loggedNavigations.has(key)) return;
    loggedNavigations.add(key);
    console.warn('route not found', pathname);
  }, [key, pathname]);
  return (
    <Container size="sm" py={64}>
      <Stack align="center" ta="center" gap="md">
        {/* Large text: grape-5 is the palest grape with the 3:1 that AA asks of it. */}
        <Text fz={64} fw={800} c="grape.5" lh={1} aria-hidden>
          404
        </Text>
        <Title order={1}>Page not found</Title>
        <Text c="dimmed">
          There is nothing at {pathname}. Check the address, or start again from home.
        </Text>
        <Button component={Link} to="/">
          Go home
        </Button>
      </Stack>
    </Container>
  );
}
