import { useState, type FormEvent } from 'react';
import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { loginBody } from '@app/domain';
import { auth, isFailure } from '../../api';
import { useSession } from '../../session';

export function LoginForm() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = loginBody.safeParse({ username, password });
    if (!parsed.success) {
      setError('Enter your username and password.');
      return;
    }
    setBusy(true);
    setError(null);
    const r = await auth.login(parsed.data);
    setBusy(false);
    if (isFailure(r)) {
      setError(r.message);
      return;
    }
    signIn(r.token, r.user);
    navigate('/', { replace: true });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {error ? (
          <Alert color="red" variant="light">
            {error}
          </Alert>
        ) : null}
        <TextInput
          label="Username"
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
          required
          // The sign-in page has one job; starting in its first field is what users expect there.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          required
        />
        <Button type="submit" loading={busy} fullWidth size="md">
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
