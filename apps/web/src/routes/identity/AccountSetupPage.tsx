import { Alert, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { auth, isFailure, queryKeys, unwrap } from '../../api';
import { QueryState } from '../../components/QueryState';
import { useSession } from '../../session';
import { AuthCard } from './AuthCard';
import { ChoosePasswordForm } from './ChoosePasswordForm';

/** /account-setup?token=…: the invitation an admin sent; the user chooses a password (and a name). */
export default function AccountSetupPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { signIn } = useSession();
  const navigate = useNavigate();
  const info = useQuery({
    queryKey: queryKeys.accountSetup(token),
    queryFn: () => unwrap(auth.accountSetupInfo(token)),
    enabled: token !== '',
    retry: false,
  });

  return (
    <AuthCard title="Set up your account">
      {token === '' ? (
        <Alert color="red" variant="light" role="alert">
          This page needs the link from your invitation mail.
        </Alert>
      ) : (
        <QueryState
          query={info}
          loading="Loading your invitation"
          size="section"
          errorTitle="This invitation cannot be used"
        >
          {(invitation) => (
            <>
              <Text>
                Welcome, {invitation.firstName}!{' '}
                {invitation.needsUsername
                  ? 'Choose the username and password you will sign in with.'
                  : `Choose the password for ${invitation.username}.`}
              </Text>
              <ChoosePasswordForm
                askUsername={invitation.needsUsername}
                submitLabel="Set up my account"
                onSubmit={async ({ username, password }) => {
                  const r = await auth.accountSetup({
                    token,
                    password,
                    ...(invitation.needsUsername ? { username } : {}),
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
