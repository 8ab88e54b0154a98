import { useRef, useState, type FormEvent } from 'react';
import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { normalizeCashierCode } from '@app/domain';
import { api, isFailure } from '../../api';
import { FormAlert } from '../../components/FormAlert';
import { useT } from '../../i18n';
import { useSession } from '../../session';
import { CODE_INPUT_STYLES } from '../../components/scanner/codeInputStyles';

/** Where a cashier works: the only page their code opens. */
const COUNTER_PATH = '/store/counter';

/**
 * /login?cashier: a store volunteer types the cashier code a store manager made (issue 35,
 * docs/decisions/139-badges-and-counter.md) and lands on the store counter. A code that cannot be
 * one is refused here, before anything is sent; the server's refusal is the password form's.
 */
export function CashierSignIn() {
  const t = useT();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const refuse = (message: string) => {
    setError(message);
    input.current?.focus();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!code.trim()) return refuse(t('welcome.cashier.required'));
    const normalized = normalizeCashierCode(code);
    if (!normalized) return refuse(t('welcome.cashier.typo'));
    setBusy(true);
    const r = await api.auth.loginCashier({ body: { code: normalized } });
    setBusy(false);
    if (isFailure(r)) return refuse(r.message);
    signIn(r.token, r.user);
    navigate(COUNTER_PATH, { replace: true });
  };

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2} fz="h3">
          {t('welcome.cashier.open')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('welcome.cashier.help')}
        </Text>
      </Stack>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('welcome.cashier.open')}>
        <Stack gap="md">
          <FormAlert text={error} />
          <TextInput
            ref={input}
            label={t('welcome.cashier.code')}
            description={t('welcome.cashier.codeHelp')}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={error !== null}
            required
            autoComplete="off"
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            // This view has one job: its field is where the volunteer starts.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
            styles={CODE_INPUT_STYLES}
          />
          <Button type="submit" size="md" fullWidth loading={busy}>
            {t('layout.signIn')}
          </Button>
        </Stack>
      </form>
      <Text fz="sm" ta="center">
        <Anchor component={Link} to="/login">
          {t('welcome.card.back')}
        </Anchor>
      </Text>
    </Stack>
  );
}
