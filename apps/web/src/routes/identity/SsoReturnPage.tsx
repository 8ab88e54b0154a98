import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Stack } from '@mantine/core';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { isSsoProvider, SSO_PROVIDER_LABEL } from '@app/domain';
import { api, isFailure } from '../../api';
import { Spinner } from '../../components/Spinner';
import { useSession } from '../../session';
import { NotFoundPage } from '../not-found/NotFoundPage';
import { AuthCard } from './AuthCard';
import { useT } from '../../i18n';

/**
 * /login/{provider}: the provider sends the browser back here with `code` and `state` (or an
 * `error`); the server exchanges them once and signs the user in.
 */
export default function SsoReturnPage() {
  const t = useT();
  const { provider } = useParams();
  const [params] = useSearchParams();
  const { signIn } = useSession();
  const navigate = useNavigate();
  // The provider's own refusal (or a visit without its answer) is known on arrival.
  const refused =
    params.get('error') || !params.get('code') || !params.get('state')
      ? params.get('error_description') || t('welcome.ssoNotCompleted')
      : null;
  const [failed, setError] = useState<string | null>(null);
  const error = refused ?? failed;
  const sent = useRef(false);

  useEffect(() => {
    // Once: the state and the code are single-use (React's development mode runs effects twice).
    const code = params.get('code');
    const state = params.get('state');
    if (sent.current || !isSsoProvider(provider) || params.get('error') || !code || !state) return;
    sent.current = true;
    void api.auth.loginSso({ body: { provider, code, state } }).then((r) => {
      if (isFailure(r)) return setError(r.message);
      signIn(r.token, r.user);
      navigate('/', { replace: true });
    });
  }, [provider, params, signIn, navigate]);

  if (!isSsoProvider(provider)) return <NotFoundPage />;
  const label = SSO_PROVIDER_LABEL[provider];
  return (
    <AuthCard title={t('welcome.signInWith', { provider: label })}>
      {error ? (
        <Stack gap="sm">
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
          <Anchor component={Link} to={`/login/${provider}/initiate`}>
            {t('welcome.ssoTryAgain', { provider: label })}
          </Anchor>
        </Stack>
      ) : (
        <Spinner label={t('welcome.ssoSigningIn', { provider: label })} />
      )}
    </AuthCard>
  );
}
