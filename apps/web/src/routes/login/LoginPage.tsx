import { Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { PRODUCT_NAME } from '@app/domain';
import { useUser } from '../../session';
import { LoginForm } from './LoginForm';

/** /login and /login/product: username and password sign-in (SSO and school tokens come later). */
export default function LoginPage() {
  const { pathname } = useLocation();
  const user = useUser();
  const productVariant = pathname.startsWith('/login/product');
  return (
    <Container size={440} py={56}>
      <Paper withBorder shadow="sm" p="xl">
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1}>Login</Title>
            <Text c="dimmed">
              {productVariant ? `Sign in with your ${PRODUCT_NAME} account.` : `Welcome back to ${PRODUCT_NAME}.`}
            </Text>
          </Stack>
          {user ? (
            <Text fz="sm">
              You are signed in as {user.firstName} {user.lastName}.{' '}
              <Anchor component={Link} to="/">
                Go to home
              </Anchor>
            </Text>
          ) : null}
          <LoginForm />
          <Text fz="sm" c="dimmed" ta="center">
            Trouble signing in?{' '}
            <Anchor component={Link} to="/contact">
              Get help
            </Anchor>
          </Text>
        </Stack>
      </Paper>
    </Container>
  );
}
