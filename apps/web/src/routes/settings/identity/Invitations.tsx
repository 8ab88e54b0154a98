import { useState } from 'react';
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { INVITATION_DAYS } from '@app/domain';
import { identitySettings, isFailure } from '../../../api';
import { FormAlert, type FormResult } from '../../../components/FormAlert';
import { useFormat, useT } from '../../../i18n';
import { useUser } from '../../../session';
import { UserSelect } from './UserSelect';

/** Settings: mail a user a link to set up their account (single use, for 7 days). */
export function Invitations() {
  const t = useT();
  const f = useFormat();
  const timeZone = useUser()?.school.timeZone;
  const [userId, setUserId] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [result, setResult] = useState<FormResult | null>(null);
  const send = useMutation({
    mutationFn: async () => {
      const r = await identitySettings.invite({ userId: userId ?? '', email: email.trim() });
      if (isFailure(r)) throw new Error(r.message);
      return r;
    },
    onSuccess: (r) => {
      setResult({
        ok: true,
        text: t('settings.invite.sent', {
          email: r.email,
          date: f.dateTime(r.expiresAt, timeZone),
        }),
      });
      setEmail('');
    },
    onError: (err) => setResult({ ok: false, text: err.message }),
  });
  return (
    <Stack gap="md">
      <Title order={2}>{t('settings.invite.title')}</Title>
      <Text fz="sm" c="dimmed">
        {t('settings.invite.help', { days: INVITATION_DAYS })}
      </Text>
      <Card withBorder>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setResult(null);
            send.mutate();
          }}
          noValidate
        >
          <Stack gap="sm">
            <FormAlert ok={result?.ok} text={result?.text} />
            <UserSelect label={t('settings.invite.user')} value={userId} onChange={setUserId} />
            <TextInput
              label={t('settings.invite.email')}
              type="email"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button type="submit" disabled={!userId || !email.trim()} loading={send.isPending}>
                {t('settings.invite.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
