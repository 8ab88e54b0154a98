import { useState } from 'react';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MIN_PASSWORD_LENGTH, passwordProblem } from '@app/domain';
import { FormAlert } from '../../components/FormAlert';
import { useT } from '../../i18n';
import { useValidationText } from '../../components/words';

export interface ChosenPassword {
  username: string;
  password: string;
}

/**
 * A new password typed twice (and a sign-in name when the account has none), checked here by the
 * same rules the server applies. `onSubmit` answers an error message, or null when it went through.
 */
export function ChoosePasswordForm({
  askUsername,
  submitLabel,
  onSubmit,
}: {
  askUsername: boolean;
  submitLabel: string;
  onSubmit: (values: ChosenPassword) => Promise<string | null>;
}) {
  const t = useT();
  const say = useValidationText();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { username: '', password: '', confirm: '' },
    validate: {
      username: (v) => (askUsername && !v.trim() ? t('welcome.chooseUsername') : null),
      password: (v) => {
        const problem = passwordProblem(v);
        return problem && say(problem);
      },
      confirm: (v, values) => (v !== values.password ? t('welcome.passwordsDiffer') : null),
    },
  });
  const submit = form.onSubmit(async ({ username, password }) => {
    setError(null);
    setError(await onSubmit({ username: username.trim(), password }));
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormAlert text={error} />
        {askUsername ? (
          <TextInput
            label={t('welcome.username')}
            autoComplete="username"
            required
            {...form.getInputProps('username')}
          />
        ) : null}
        <PasswordInput
          label={t('welcome.newPassword')}
          description={t('welcome.passwordHelp', { count: MIN_PASSWORD_LENGTH })}
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label={t('welcome.repeatNewPassword')}
          autoComplete="new-password"
          required
          {...form.getInputProps('confirm')}
        />
        <Button type="submit" loading={form.submitting} fullWidth size="md">
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
