import { useState } from 'react';
import {
  Anchor,
  Button,
  Collapse,
  Container,
  Divider,
  Group,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { PRODUCT_NAME, SSO_PROVIDER_LABEL, SSO_PROVIDERS } from '@app/domain';
import { useUser } from '../../session';
import { SchoolTokenForm } from './SchoolTokenForm';
import { LoginForm } from './LoginForm';
import { EmailLinkSignIn } from './EmailLinkSignIn';

/** /login and /login/product: username and password, SSO with Clever or ClassLink, or a school token. */
export default function LoginPage() {
  const { pathname } = useLocation();
  const user = useUser();
  const [tokenOpen, setTokenOpen] = useState(false);
  const productVariant = pathname.startsWith('/login/product');
  return (
    <Container size={440} py={56}>
      <Paper withBorder shadow="sm" p="xl">
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1}>Login</Title>
            <Text c="dimmed">
              {productVariant
                ? `Sign in with your ${PRODUCT_NAME} account.`
                : `Welcome back to ${PRODUCT_NAME}.`}
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
          <Text fz="sm" ta="center">
            <Anchor component={Link} to="/forgot-password">
              Forgot password?
            </Anchor>
          </Text>
          <Divider label="or" labelPosition="center" />
          <Stack gap="sm">
            {SSO_PROVIDERS.map((p) => (
              <Button
                key={p}
                component={Link}
                to={`/login/${p}/initiate`}
                variant="default"
                fullWidth
              >
                Sign in with {SSO_PROVIDER_LABEL[p]}
              </Button>
            ))}
            <Group justify="center">
              <Button
                variant="subtle"
                onClick={() => setTokenOpen((o) => !o)}
                aria-expanded={tokenOpen}
                aria-controls="school-token-sign-in"
              >
                {tokenOpen ? 'Hide the school token sign-in' : 'Use a school token'}
              </Button>
            </Group>
            <Collapse in={tokenOpen} id="school-token-sign-in">
              {tokenOpen ? <SchoolTokenForm /> : null}
            </Collapse>
            <EmailLinkSignIn />
          </Stack>
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
