import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Collapse, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate, useSearchParams } from 'react-router';
import { emailLinkBody, homePath } from '@app/domain';
import { api, isFailure } from '../../api';
import { FormAlert, type FormResult } from '../../components/FormAlert';
import { Spinner } from '../../components/Spinner';
import { schemaValidate } from '../../forms/schemaValidate';
import { useT } from '../../i18n';
import { useSession } from '../../session';

/**
 * On /login, for guardians (docs/decisions/115-guardians.md): "E-mail me a sign-in link" asks for a
 * one-time link (the same answer whether or not an account uses the address), and /login?link=…,
 * where the mailed link leads, signs in with it once.
 */
export function EmailLinkSignIn() {
  const t = useT();
  const [params] = useSearchParams();
  const link = params.get('link');
  const [open, setOpen] = useState(false);
  if (link) return <UseLink token={link} />;
  return (
    <Stack gap="xs">
      <Group justify="center">
        <Button
          variant="subtle"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls="email-link-sign-in"
        >
          {t('guardian.login.emailLink')}
        </Button>
      </Group>
      <Collapse in={open} id="email-link-sign-in">
        {open ? <AskForLink /> : null}
      </Collapse>
    </Stack>
  );
}

function AskForLink() {
  const t = useT();
  const [result, setResult] = useState<FormResult | null>(null);
  const form = useForm({
    initialValues: { email: '' },
    validate: schemaValidate<{ email: string }>(emailLinkBody, {
      email: t('guardian.login.email'),
    }),
  });
  const submit = form.onSubmit(async (values) => {
    setResult(null);
    const r = await api.auth.emailLink({ body: { email: values.email.trim() } });
    setResult(
      isFailure(r) ? { ok: false, text: r.message } : { ok: true, text: t('guardian.login.sent') },
    );
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t('guardian.login.emailLinkTitle')}>
      <Stack gap="sm">
        <Text fz="sm" c="dimmed">
          {t('guardian.login.emailLinkHelp')}
        </Text>
        <FormAlert ok={result?.ok} text={result?.text} />
        <TextInput
          label={t('guardian.login.email')}
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <Button type="submit" loading={form.submitting} variant="default" fullWidth>
          {t('guardian.login.send')}
        </Button>
      </Stack>
    </form>
  );
}

function UseLink({ token }: { token: string }) {
  const t = useT();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [failed, setFailed] = useState<string | null>(null);
  // The link works once: ask once, even when React runs the effect twice.
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    void api.auth.signInWithLink({ body: { token } }).then((r) => {
      if (isFailure(r)) {
        setFailed(r.message);
        return;
      }
      signIn(r.token, r.user);
      navigate(homePath(r.user), { replace: true });
    });
  }, [token, signIn, navigate]);
  if (failed)
    return (
      <Alert color="red" variant="light" title={t('guardian.login.linkFailed')}>
        {failed}
      </Alert>
    );
  return <Spinner label={t('guardian.login.signingIn')} />;
}
