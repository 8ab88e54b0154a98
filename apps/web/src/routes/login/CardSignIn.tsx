import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { formatCardCode, normalizeCardCode } from '@app/domain';
import { api, isFailure } from '../../api';
import { FormAlert } from '../../components/FormAlert';
import { CODE_INPUT_STYLES } from '../../components/scanner/codeInputStyles';
import { Spinner } from '../../components/Spinner';
import { useT } from '../../i18n';
import { useSession } from '../../session';

/** The camera and the QR reader: loaded only when a student asks to scan. */
const CardScanner = lazy(() => import('./CardScanner'));

/**
 * /login?card: a student signs in with their printed sign-in card (docs/decisions/133-sign-in-cards.md),
 * typing its code or showing its QR code to the camera. A code the check symbol finds mistyped is
 * refused here, before anything is sent; a sign-in goes on as the password form's does.
 */
function CardHeading() {
  const t = useT();
  return (
    <Stack gap={4}>
      <Title order={2} fz="h3">
        {t('welcome.card.open')}
      </Title>
      <Text fz="sm" c="dimmed">
        {t('welcome.card.help')}
      </Text>
    </Stack>
  );
}

export function CardSignIn() {
  const t = useT();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [scanning, setScanning] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const refuse = (message: string) => {
    setStatus(null);
    setError(message);
    input.current?.focus();
  };
  const send = async (typed: string) => {
    setError(null);
    if (!typed.trim()) return refuse(t('welcome.card.required'));
    const normalized = normalizeCardCode(typed);
    if (!normalized) return refuse(t('welcome.card.typo'));
    setBusy(true);
    const r = await api.auth.loginCard({ body: { code: normalized } });
    setBusy(false);
    if (isFailure(r)) return refuse(r.message);
    signIn(r.token, r.user);
    navigate('/', { replace: true });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void send(code);
  };
  const scanned = (read: string) => {
    setScanning(false);
    setCode(formatCardCode(read));
    setStatus(t('welcome.card.found'));
    void send(read);
  };

  return (
    <Stack gap="md">
      <CardHeading />
      <form onSubmit={submit} noValidate aria-label={t('welcome.card.open')}>
        <Stack gap="md">
          <FormAlert text={error} />
          {status ? (
            <Text fz="sm" role="status">
              {status}
            </Text>
          ) : null}
          <TextInput
            ref={input}
            label={t('welcome.card.code')}
            description={t('welcome.card.codeHelp')}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={error !== null}
            required
            autoComplete="off"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            // The card view has one job: its field is where the student starts.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
            styles={CODE_INPUT_STYLES}
          />
          <Button type="submit" size="md" fullWidth loading={busy}>
            {t('layout.signIn')}
          </Button>
        </Stack>
      </form>
      <Button
        variant={scanning ? 'default' : 'light'}
        size="md"
        fullWidth
        aria-controls="card-scanner"
        aria-expanded={scanning}
        onClick={() => {
          setError(null);
          setScanning((on) => !on);
        }}
      >
        {t(scanning ? 'welcome.card.stopScan' : 'welcome.card.scan')}
      </Button>
      <div id="card-scanner">
        {scanning ? (
          <Suspense fallback={<Spinner label={t('welcome.card.scanning')} />}>
            <CardScanner onCode={scanned} />
          </Suspense>
        ) : null}
      </div>
      <Text fz="sm" ta="center">
        <Anchor component={Link} to="/login">
          {t('welcome.card.back')}
        </Anchor>
      </Text>
    </Stack>
  );
}
