import type { ReactNode } from 'react';
import { Anchor, Box, Button, Container, Group, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { PRODUCT_NAME } from '@app/domain';
import { MAIN_CONTENT_ID, SkipLink } from '../components/SkipLink';
import { T } from '../i18n';
import { Brand } from './Brand';
import { DemoBanner } from './DemoBanner';

/** Frame for visitors who are not signed in. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  // The landing and login pages carry their own sign-in action.
  const hideSignIn = pathname === '/' || pathname.startsWith('/login');
  return (
    <Box
      mih="100vh"
      bg="var(--mantine-color-gray-0)"
      style={{ display: 'flex', flexDirection: 'column' }}
    >
      <SkipLink />
      <Box
        component="header"
        bg="white"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      >
        <Container size="xl" h={64}>
          <Group h="100%" justify="space-between">
            <Brand />
            <Group gap="md">
              <Anchor component={Link} to="/contact" c="dimmed" fz="sm">
                <T k="layout.pageContact" />
              </Anchor>
              {hideSignIn ? null : (
                <Button component={Link} to="/login" variant="light" size="sm">
                  <T k="layout.signIn" />
                </Button>
              )}
            </Group>
          </Group>
        </Container>
      </Box>
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} style={{ flex: 1 }}>
        <DemoBanner />
        {children}
      </Box>
      <Box component="footer" py="md">
        <Container size="xl">
          <Group justify="space-between">
            <Text fz="xs" c="dimmed">
              <T
                k="layout.copyright"
                values={{ year: new Date().getFullYear(), product: PRODUCT_NAME }}
              />
            </Text>
            <Anchor component={Link} to="/status" fz="xs" c="dimmed">
              <T k="layout.serviceStatus" />
            </Anchor>
          </Group>
        </Container>
      </Box>
    </Box>
  );
}
