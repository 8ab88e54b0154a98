import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CASHIER_CODE_MAX_HOURS,
  formatCashierCode,
  normalizeCashierCode,
  type NewCashierCode,
} from '@app/domain';
import { afterCashierCodesChange, api, queryKeys, unwrap } from '../../api';
import { FormAlert, type FormResult } from '../../components/FormAlert';
import { QueryState } from '../../components/QueryState';
import { SPACE } from '../../components/space';
import { useFormat, useT } from '../../i18n';

/** The code just made, shown this once: large, in two groups of five, with its end. */
function NewCode({ made, timeZone }: { made: NewCashierCode; timeZone: string }) {
  const t = useT();
  const f = useFormat();
  const code = formatCashierCode(normalizeCashierCode(made.code) ?? made.code);
  return (
    <Alert
      color="teal"
      variant="light"
      role="status"
      title={t('store.cashier.newCode', { label: made.label })}
    >
      <Stack gap="xs">
        <Text
          component="p"
          m={0}
          fz={32}
          fw={700}
          ff="monospace"
          lts="0.12em"
          data-testid="cashier-code"
        >
          {code}
        </Text>
        <Text fz="sm">
          {t('store.cashier.showOnce', { time: f.dateTime(made.expiresAt, timeZone) })}
        </Text>
      </Stack>
    </Alert>
  );
}

/** The school's codes in use, each with Revoke (whoever signed in with it is signed out). */
function LiveCodes({ timeZone }: { timeZone: string }) {
  const t = useT();
  const f = useFormat();
  const queryClient = useQueryClient();
  const codes = useQuery({
    queryKey: queryKeys.cashierCodes,
    queryFn: () => unwrap(api.cashierCodes.list()),
  });
  const [result, setResult] = useState<FormResult | null>(null);
  const revoke = useMutation({
    mutationFn: ({ id }: { id: string; label: string }) =>
      unwrap(api.cashierCodes.revoke({ params: { id } })),
    onSuccess: async (_ok, { label }) => {
      setResult({ ok: true, text: t('store.cashier.revoked', { label }) });
      await afterCashierCodesChange(queryClient);
    },
    onError: (err) => setResult({ ok: false, text: err.message }),
  });
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        {t('store.cashier.live')}
      </Title>
      <FormAlert text={result?.text} ok={result?.ok} />
      <QueryState query={codes} size="section">
        {(list) => {
          const live = list.filter((c) => !c.revoked);
          if (live.length === 0)
            return (
              <Text fz="sm" c="dimmed">
                {t('store.cashier.none')}
              </Text>
            );
          return (
            <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
              {live.map((c) => (
                <li key={c._id}>
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <Text fz="sm">
                      <Text span fw={600}>
                        {c.label}
                      </Text>
                      {SPACE}
                      {t('store.cashier.until', { time: f.dateTime(c.expiresAt, timeZone) })}
                    </Text>
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      loading={revoke.isPending && revoke.variables?.id === c._id}
                      onClick={() => {
                        setResult(null);
                        revoke.mutate({ id: c._id, label: c.label });
                      }}
                      aria-label={t('store.cashier.revokeAria', { label: c.label })}
                    >
                      {t('store.cashier.revoke')}
                    </Button>
                  </Group>
                </li>
              ))}
            </Stack>
          );
        }}
      </QueryState>
    </Stack>
  );
}

/**
 * Cashier codes (issue 35): a store manager makes a code for a volunteer (a name, 1 to 5 hours),
 * sees it once, and lists or revokes the codes in use. The volunteer types it at /login ("I'm
 * helping at the store") and works the store counter until it ends.
 */
export function CashierCodes({ timeZone }: { timeZone: string }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [label, setLabel] = useState('');
  const [hours, setHours] = useState<number>(CASHIER_CODE_MAX_HOURS);
  const [missing, setMissing] = useState(false);
  const make = useMutation({
    mutationFn: () => unwrap(api.cashierCodes.create({ body: { label: label.trim(), hours } })),
    onSuccess: async () => {
      setLabel('');
      await afterCashierCodesChange(queryClient);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setMissing(!label.trim());
    if (label.trim()) make.mutate();
  };
  return (
    <Card p="lg" component="section" aria-labelledby="cashier-codes-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="lg" id="cashier-codes-title">
            {t('store.cashier.title')}
          </Title>
          <Text fz="sm" c="dimmed">
            {t('store.cashier.help')}
          </Text>
        </Stack>
        <form onSubmit={submit} noValidate aria-label={t('store.cashier.make')}>
          <Stack gap="sm">
            <FormAlert text={make.error?.message} />
            <Group align="flex-start" gap="sm">
              <TextInput
                label={t('store.cashier.label')}
                value={label}
                onChange={(e) => setLabel(e.currentTarget.value)}
                error={missing ? t('store.cashier.labelRequired') : undefined}
                required
                maxLength={60}
                w={240}
              />
              <NumberInput
                label={t('store.cashier.hours')}
                value={hours}
                onChange={(v) => setHours(typeof v === 'number' ? v : CASHIER_CODE_MAX_HOURS)}
                min={1}
                max={CASHIER_CODE_MAX_HOURS}
                step={1}
                allowDecimal={false}
                clampBehavior="strict"
                w={100}
              />
            </Group>
            <Group>
              <Button type="submit" loading={make.isPending}>
                {t('store.cashier.make')}
              </Button>
            </Group>
          </Stack>
        </form>
        {make.data ? <NewCode made={make.data} timeZone={timeZone} /> : null}
        <LiveCodes timeZone={timeZone} />
      </Stack>
    </Card>
  );
}
