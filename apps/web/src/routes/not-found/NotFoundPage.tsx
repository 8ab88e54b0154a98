import { useEffect, useRef } from 'react';
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';

export function NotFoundPage() {
  const { pathname } = useLocation();
  const logged = useRef<string | null>(null);
  useEffect(() => {
    // StrictMode runs effects twice in development; the ref keeps it to one log per path.
    if (logged.current === pathname) return;
    logged.current = pathname;
    console.warn('route not found', pathname);
  }, [pathname]);
  return (
    <Container size="sm" py={64}>
      <Stack align="center" ta="center" gap="md">
        <Text fz={64} fw={800} c="grape.2" lh={1} aria-hidden>
          404
        </Text>
        <Title order={1}>Page not found</Title>
        <Text c="dimmed">There is nothing at {pathname}. Check the address, or start again from home.</Text>
        <Button component={Link} to="/">
          Go home
        </Button>
      </Stack>
    </Container>
  );
}
