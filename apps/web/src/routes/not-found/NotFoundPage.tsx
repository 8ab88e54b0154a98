import { useEffect } from 'react';
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useT } from '../../i18n';

/** The big figure above the heading: a picture of the error, hidden from assistive technology. */
const CODE = '404';

// Keyed by navigation, so a remount (StrictMode, a layout switch) does not log the same miss twice.
const loggedNavigations = new Set<string>();

export function NotFoundPage() {
  const t = useT();
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
          {CODE}
        </Text>
        <Title order={1}>{t('layout.notFoundTitle')}</Title>
        <Text c="dimmed">{t('layout.notFoundText', { path: pathname })}</Text>
        <Button component={Link} to="/">
          {t('layout.goHome')}
        </Button>
      </Stack>
    </Container>
  );
}
