import { useState } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { forgotPasswordBody, type ForgotPasswordBody } from '@app/domain';
import { auth, isFailure } from '../../api';
import { schemaValidate } from '../../forms/schemaValidate';
import { AuthCard } from './AuthCard';
import { FormAlert, type FormResult } from '../../components/FormAlert';

/** /forgot-password: asks for a reset link by email; the answer is the same whether or not an account uses it. */
export default function ForgotPasswordPage() {
  const [result, setResult] = useState<FormResult | null>(null);
  const form = useForm({
    initialValues: { email: '' } as ForgotPasswordBody,
    validate: schemaValidate<ForgotPasswordBody>(forgotPasswordBody, { email: 'Email' }),
  });
  const submit = form.onSubmit(async (values) => {
    setResult(null);
    const r = await auth.forgotPassword({ email: values.email.trim() });
    setResult(isFailure(r) ? { ok: false, text: r.message } : { ok: true, text: r.message });
  });
  return (
    <AuthCard
      title="Forgot password"
      intro="Type the email address of your account and we will send you a link to choose a new password."
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert ok={result?.ok} text={result?.text} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <Button type="submit" loading={form.submitting} fullWidth size="md">
            Send me a link
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
