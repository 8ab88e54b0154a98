import { Alert, Anchor, Stack } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api, isFailure } from '../../api';
import { useSession } from '../../session';
import { AuthCard } from './AuthCard';
import { ChoosePasswordForm } from './ChoosePasswordForm';
import { useT } from '../../i18n';

/** /reset-password?token=…: the link from the reset mail; a new password signs out every other session. */
export default function ResetPasswordPage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { signIn } = useSession();
  const navigate = useNavigate();
  return (
    <AuthCard title={t('welcome.resetTitle')} intro={t('welcome.resetIntro')}>
      {token === '' ? (
        <Stack gap="sm">
          <Alert color="red" variant="light" role="alert">
            {t('welcome.resetNeedsLink')}
          </Alert>
          {/* Outside the alert: the link colour on its tint falls short of 4.5:1. */}
          <Anchor component={Link} to="/forgot-password">
            {t('welcome.resetAsk')}
          </Anchor>
        </Stack>
      ) : (
        <ChoosePasswordForm
          askUsername={false}
          submitLabel={t('welcome.resetSubmit')}
          onSubmit={async ({ password }) => {
            const r = await api.auth.resetPassword({ body: { token, password } });
            if (isFailure(r)) return r.message;
            signIn(r.token, r.user);
            navigate('/', { replace: true });
            return null;
          }}
        />
      )}
    </AuthCard>
  );
}
