import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { report } from '../api';
import { useT } from '../i18n';

/** Shown when a page throws or its chunk fails even after the one forced reload. */
export function RouteErrorPage({ error }: { error: unknown }) {
  const t = useT();
  useEffect(() => report('route error', String(error)), [error]);
  return (
    <Container size="sm" py="xl">
      <Stack align="flex-start">
        <Title order={1}>{t('common.somethingWrong')}</Title>
        <Text c="dimmed">{t('layout.routeErrorText')}</Text>
        <Button onClick={() => globalThis.location.reload()}>{t('layout.reload')}</Button>
      </Stack>
    </Container>
  );
}
