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
import { Link, useLocation, useSearchParams } from 'react-router';
import { PRODUCT_NAME, SSO_PROVIDER_LABEL, SSO_PROVIDERS } from '@app/domain';
import { useUser } from '../../session';
import { SchoolTokenForm } from './SchoolTokenForm';
import { LoginForm } from './LoginForm';
import { useT } from '../../i18n';
import { SPACE } from '../../components/space';
import { EmailLinkSignIn } from './EmailLinkSignIn';
import { CardSignIn } from './CardSignIn';
import { CashierSignIn } from './CashierSignIn';

/**
 * /login and /login/product: username and password, SSO with Clever or ClassLink, or a school
 * token; /login?card: a student's printed sign-in card (docs/decisions/133-sign-in-cards.md);
 * /login?cashier: a store volunteer's cashier code (issue 35).
 */
export default function LoginPage() {
  const t = useT();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const withCard = params.has('card');
  const asCashier = params.has('cashier');
  const user = useUser();
  const productVariant = pathname.startsWith('/login/product');
  return (
    <Container size={440} py={56}>
      <Paper withBorder shadow="sm" p="xl">
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1}>{t('layout.pageLogin')}</Title>
            <Text c="dimmed">
              {t(productVariant ? 'welcome.loginProduct' : 'welcome.loginWelcome', {
                product: PRODUCT_NAME,
              })}
            </Text>
          </Stack>
          {user ? (
            <Text fz="sm">
              {t('welcome.signedInAs', { name: `${user.firstName} ${user.lastName}` })}
              {SPACE}
              <Anchor component={Link} to="/">
                {t('welcome.goToHome')}
              </Anchor>
            </Text>
          ) : null}
          {withCard ? <CardSignIn /> : asCashier ? <CashierSignIn /> : <OtherSignIns />}
          <Text fz="sm" c="dimmed" ta="center">
            {t('welcome.trouble')}
            {SPACE}
            <Anchor component={Link} to="/contact">
              {t('welcome.getHelp')}
            </Anchor>
          </Text>
        </Stack>
      </Paper>
    </Container>
  );
}

/** The sign-ins besides the card: the password form first, then the others. */
function OtherSignIns() {
  const t = useT();
  const [tokenOpen, setTokenOpen] = useState(false);
  return (
    <>
      <LoginForm />
      <Text fz="sm" ta="center">
        <Anchor component={Link} to="/forgot-password">
          {t('welcome.forgotPassword')}
        </Anchor>
      </Text>
      <Divider label={t('welcome.or')} labelPosition="center" />
      <Stack gap="sm">
        <Button component={Link} to="/login?card" variant="light" fullWidth>
          {t('welcome.card.open')}
        </Button>
        {SSO_PROVIDERS.map((p) => (
          <Button key={p} component={Link} to={`/login/${p}/initiate`} variant="default" fullWidth>
            {t('welcome.signInWith', { provider: SSO_PROVIDER_LABEL[p] })}
          </Button>
        ))}
        <Button component={Link} to="/login?cashier" variant="default" fullWidth>
          {t('welcome.cashier.open')}
        </Button>
        <Group justify="center">
          <Button
            variant="subtle"
            onClick={() => setTokenOpen((o) => !o)}
            aria-expanded={tokenOpen}
            aria-controls="school-token-sign-in"
          >
            {t(tokenOpen ? 'welcome.tokenHide' : 'welcome.tokenUse')}
          </Button>
        </Group>
        <Collapse in={tokenOpen} id="school-token-sign-in">
          {tokenOpen ? <SchoolTokenForm /> : null}
        </Collapse>
        <EmailLinkSignIn />
      </Stack>
    </>
  );
}
