import { useState } from 'react';
import { Button, Card, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SSO_PROVIDER_LABEL, SSO_PROVIDERS, type SsoProvider } from '@app/domain';
import { api, invalidateAfter, isFailure, queryKeys, unwrap, type SsoConfig } from '../../../api';
import { QueryState } from '../../../components/QueryState';
import { FormAlert } from '../../../components/FormAlert';
import { useT } from '../../../i18n';

/** One provider's client: issuer, client id, secret (never shown; left empty to keep it) and the id claim. */
function ProviderForm({
  provider,
  config,
}: {
  provider: SsoProvider;
  config: SsoConfig | undefined;
}) {
  const t = useT();
  const { label, values, error, save, remove, set } = useProviderForm({ provider, config });
  return (
    <Card withBorder component="section" aria-labelledby={`sso-${provider}`}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
        noValidate
      >
        <Stack gap="sm">
          <Title order={3} id={`sso-${provider}`}>
            {label}
          </Title>
          {config ? (
            <Text fz="sm">
              {t('settings.sso.redirect', { provider: label })} <code>{config.redirectUri}</code>
            </Text>
          ) : (
            <Text fz="sm" c="dimmed">
              {t('settings.sso.notSetUp', { provider: label })}
            </Text>
          )}
          <FormAlert text={error} />
          <TextInput
            label={t('settings.sso.issuer')}
            placeholder={t('settings.sso.issuerPlaceholder')}
            required
            value={values.issuer}
            onChange={set('issuer')}
          />
          <TextInput
            label={t('settings.sso.clientId')}
            required
            value={values.clientId}
            onChange={set('clientId')}
          />
          <PasswordInput
            label={t('settings.sso.secret')}
            description={config?.hasSecret ? t('settings.sso.secretSaved') : undefined}
            required={!config}
            autoComplete="off"
            value={values.clientSecret}
            onChange={set('clientSecret')}
          />
          <TextInput
            label={t('settings.sso.claim')}
            description={t('settings.sso.claimHelp')}
            value={values.userIdClaim}
            onChange={set('userIdClaim')}
          />
          <Group justify="flex-end">
            {config ? (
              <Button
                variant="subtle"
                color="red"
                loading={remove.isPending}
                onClick={() => remove.mutate()}
              >
                {t('settings.sso.turnOff', { provider: label })}
              </Button>
            ) : null}
            <Button type="submit" loading={save.isPending}>
              {t('settings.sso.save', { provider: label })}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** The provider's settings being edited, and saving or removing them. */
function useProviderForm({
  provider,
  config,
}: Pick<
  {
    provider: SsoProvider;
    config: SsoConfig | undefined;
  },
  'provider' | 'config'
>) {
  const queryClient = useQueryClient();
  const t = useT();
  const label = SSO_PROVIDER_LABEL[provider];
  const [values, setValues] = useState({
    issuer: config?.issuer ?? '',
    clientId: config?.clientId ?? '',
    clientSecret: '',
    userIdClaim: config?.userIdClaim ?? 'sub',
  });
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: async () => {
      const r = await api.settings.putSso({
        params: { provider },
        body: {
          issuer: values.issuer.trim(),
          clientId: values.clientId.trim(),
          userIdClaim: values.userIdClaim.trim() || 'sub',
          ...(values.clientSecret ? { clientSecret: values.clientSecret } : {}),
        },
      });
      if (isFailure(r)) throw new Error(r.message);
      return r;
    },
    onSuccess: async () => {
      setError(null);
      setValues((v) => ({ ...v, clientSecret: '' }));
      notifications.show({ color: 'teal', message: t('settings.sso.saved', { provider: label }) });
      await invalidateAfter(queryClient, 'ssoConfig');
    },
    onError: (err) => setError(err.message),
  });
  const remove = useMutation({
    mutationFn: async () => {
      const r = await api.settings.deleteSso({ params: { provider } });
      if (isFailure(r)) throw new Error(r.message);
    },
    onSuccess: async () => {
      notifications.show({
        color: 'teal',
        message: t('settings.sso.turnedOff', { provider: label }),
      });
      await invalidateAfter(queryClient, 'ssoConfig');
    },
    onError: (err) => setError(err.message),
  });
  const set = (k: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [k]: e.currentTarget.value }));
  return { label, values, error, save, remove, set };
}

/** Settings: the school's single sign-on clients at Clever and ClassLink. */
export function SsoSettings() {
  const t = useT();
  const configs = useQuery({
    queryKey: queryKeys.ssoConfigs,
    queryFn: () => unwrap(api.settings.ssoConfigs()),
  });
  return (
    <Stack gap="md">
      <Title order={2}>{t('settings.sso.title')}</Title>
      <QueryState query={configs} loading={t('settings.sso.loading')} size="section">
        {(list) => (
          <Stack gap="md">
            {SSO_PROVIDERS.map((p) => {
              const config = list.find((c) => c.provider === p);
              return (
                <ProviderForm
                  key={`${p}-${config?.updatedAt ?? 'none'}`}
                  provider={p}
                  config={config}
                />
              );
            })}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
