import { useState } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { forgotPasswordBody, type ForgotPasswordBody } from '@app/domain';
import { api, isFailure } from '../../api';
import { schemaValidate } from '../../forms/schemaValidate';
import { AuthCard } from './AuthCard';
import { FormAlert, type FormResult } from '../../components/FormAlert';
import { useT } from '../../i18n';
import { useValidationText } from '../../components/words';

/** /forgot-password: asks for a reset link by email; the answer is the same whether or not an account uses it. */
export default function ForgotPasswordPage() {
  const t = useT();
  const say = useValidationText();
  const [result, setResult] = useState<FormResult | null>(null);
  const form = useForm({
    initialValues: { email: '' } as ForgotPasswordBody,
    validate: schemaValidate<ForgotPasswordBody>(
      forgotPasswordBody,
      { email: t('welcome.email') },
      say,
    ),
  });
  const submit = form.onSubmit(async (values) => {
    setResult(null);
    const r = await api.auth.forgotPassword({ body: { email: values.email.trim() } });
    setResult(isFailure(r) ? { ok: false, text: r.message } : { ok: true, text: r.message });
  });
  return (
    <AuthCard title={t('welcome.forgotTitle')} intro={t('welcome.forgotIntro')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormAlert ok={result?.ok} text={result?.text} />
          <TextInput
            label={t('welcome.email')}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <Button type="submit" loading={form.submitting} fullWidth size="md">
            {t('welcome.sendLink')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
