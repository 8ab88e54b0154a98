import { Alert, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { api, isFailure, queryKeys, unwrap } from '../../api';
import { QueryState } from '../../components/QueryState';
import { useSession } from '../../session';
import { AuthCard } from './AuthCard';
import { ChoosePasswordForm } from './ChoosePasswordForm';
import { useT } from '../../i18n';
import { SPACE } from '../../components/space';

/** /account-setup?token=…: the invitation an admin sent; the user chooses a password (and a name). */
export default function AccountSetupPage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { signIn } = useSession();
  const navigate = useNavigate();
  const info = useQuery({
    queryKey: queryKeys.accountSetup(token),
    queryFn: () => unwrap(api.auth.accountSetupInfo({ query: { token } })),
    enabled: token !== '',
    retry: false,
  });

  return (
    <AuthCard title={t('welcome.setupTitle')}>
      {token === '' ? (
        <Alert color="red" variant="light" role="alert">
          {t('welcome.setupNeedsLink')}
        </Alert>
      ) : (
        <QueryState
          query={info}
          loading={t('welcome.setupLoading')}
          size="section"
          errorTitle={t('welcome.setupUnusable')}
        >
          {(invitation) => (
            <>
              <Text>
                {t('welcome.setupWelcome', { name: invitation.firstName })}
                {SPACE}
                {invitation.needsUsername
                  ? t('welcome.setupChooseBoth')
                  : t('welcome.setupChoosePassword', { username: invitation.username })}
              </Text>
              <ChoosePasswordForm
                askUsername={invitation.needsUsername}
                submitLabel={t('welcome.setupSubmit')}
                onSubmit={async ({ username, password }) => {
                  const r = await api.auth.accountSetup({
                    body: {
                      token,
                      password,
                      ...(invitation.needsUsername ? { username } : {}),
                    },
                  });
                  if (isFailure(r)) return r.message;
                  signIn(r.token, r.user);
                  navigate('/', { replace: true });
                  return null;
                }}
              />
            </>
          )}
        </QueryState>
      )}
    </AuthCard>
  );
}
