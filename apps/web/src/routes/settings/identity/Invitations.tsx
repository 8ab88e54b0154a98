import { useState } from 'react';
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { INVITATION_DAYS } from '@app/domain';
import { identitySettings, isFailure } from '../../../api';
import { FormAlert, type FormResult } from '../../../components/FormAlert';
import { UserSelect } from './UserSelect';

/** Settings: mail a user a link to set up their account (single use, for 7 days). */
export function Invitations() {
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
        text: `Invitation sent to ${r.email}. The link works once, until ${new Date(r.expiresAt).toLocaleDateString()}.`,
      });
      setEmail('');
    },
    onError: (err) => setResult({ ok: false, text: err.message }),
  });
  return (
    <Stack gap="md">
      <Title order={2}>Invitations</Title>
      <Text fz="sm" c="dimmed">
        Send a user a link to choose their password. It works once, for {INVITATION_DAYS} days; a
        newer invitation replaces it.
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
            <UserSelect label="User" value={userId} onChange={setUserId} />
            <TextInput
              label="Email"
              type="email"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button type="submit" disabled={!userId || !email.trim()} loading={send.isPending}>
                Send invitation
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
