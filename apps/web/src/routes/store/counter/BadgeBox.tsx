import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { Button, Card, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { formatBadgeCode, normalizeBadgeCode } from '@app/domain';
import { FormAlert } from '../../../components/FormAlert';
import { Spinner } from '../../../components/Spinner';
import { useT } from '../../../i18n';
import { CODE_INPUT_STYLES } from '../../../components/scanner/codeInputStyles';

/** The camera and the QR reader: loaded only when the cashier turns the camera on. */
const BadgeScanner = lazy(() => import('./BadgeScanner'));

/**
 * "Find a student": a badge's code typed (any case, dashes and spaces ignored; a mistyped code is
 * refused here by its check symbol) or read from its QR code by the camera. `onCode` gets the code
 * in its stored form.
 */
export function BadgeBox({ onCode }: { onCode: (code: string) => void }) {
  const t = useT();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const refuse = (message: string) => {
      setError(message);
      input.current?.focus();
    };
    if (!typed.trim()) return refuse(t('store.counter.badgeRequired'));
    const code = normalizeBadgeCode(typed);
    if (!code) return refuse(t('store.counter.badgeTypo'));
    setError(null);
    onCode(code);
  };
  const scanned = (code: string) => {
    setScanning(false);
    setError(null);
    setTyped(formatBadgeCode(code));
    onCode(code);
  };

  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} fz="h3">
          {t('store.counter.findTitle')}
        </Title>
        <form onSubmit={submit} noValidate aria-label={t('store.counter.findTitle')}>
          <Stack gap="sm">
            <FormAlert text={error} />
            <TextInput
              ref={input}
              label={t('store.counter.badgeCode')}
              description={t('store.counter.badgeHelp')}
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              error={error !== null}
              autoComplete="off"
              autoCapitalize="characters"
              autoCorrect="off"
              spellCheck={false}
              styles={CODE_INPUT_STYLES}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <Button type="submit" size="md">
                {t('store.counter.find')}
              </Button>
              <Button
                variant={scanning ? 'default' : 'light'}
                size="md"
                aria-controls="badge-scanner"
                aria-expanded={scanning}
                onClick={() => {
                  setError(null);
                  setScanning((on) => !on);
                }}
              >
                {t(scanning ? 'store.counter.stopScan' : 'store.counter.scan')}
              </Button>
            </SimpleGrid>
          </Stack>
        </form>
        <div id="badge-scanner">
          {scanning ? (
            <Suspense fallback={<Spinner label={t('store.counter.scanning')} />}>
              <BadgeScanner onCode={scanned} />
            </Suspense>
          ) : null}
        </div>
      </Stack>
    </Card>
  );
}
