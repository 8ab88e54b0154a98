import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router';
import { useEffect } from 'react';
import { report } from '../api';

/** Shown when a page throws or its chunk fails even after the one forced reload. */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => report('route error', String(error)), [error]);
  return (
    <Container size="sm" py="xl">
      <Stack align="flex-start">
        <Title order={1}>Something went wrong</Title>
        <Text c="dimmed">This page could not be shown. Reloading usually helps.</Text>
        <Button onClick={() => globalThis.location.reload()}>Reload</Button>
      </Stack>
    </Container>
  );
}
