import { useState } from 'react';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { loginBody, type LoginBody } from '@app/domain';
import { api, isFailure } from '../../api';
import { schemaValidate } from '../../forms/schemaValidate';
import { useSession } from '../../session';
import { useT } from '../../i18n';
import { useValidationText } from '../../components/words';

export function LoginForm() {
  const t = useT();
  const say = useValidationText();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { username: '', password: '' } as LoginBody,
    validate: schemaValidate<LoginBody>(
      loginBody,
      {
        username: t('welcome.username'),
        password: t('welcome.password'),
      },
      say,
    ),
    // Sent as the server reads it (the username trimmed); runs only once validation passed.
    transformValues: (values) => loginBody.parse(values),
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    const r = await api.auth.login({ body: values });
    if (isFailure(r)) {
      setError(r.message);
      return;
    }
    signIn(r.token, r.user);
    navigate('/', { replace: true });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {error ? (
          <Alert color="red" variant="light">
            {error}
          </Alert>
        ) : null}
        <TextInput
          label={t('welcome.username')}
          autoComplete="username"
          required
          // The sign-in page has one job; starting in its first field is what users expect there.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          {...form.getInputProps('username')}
        />
        <PasswordInput
          label={t('welcome.password')}
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={form.submitting} fullWidth size="md">
          {t('layout.signIn')}
        </Button>
      </Stack>
    </form>
  );
}
