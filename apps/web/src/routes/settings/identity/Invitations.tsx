import { useState } from 'react';
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { INVITATION_DAYS } from '@app/domain';
import { api, invalidateAfter, isFailure, type InvitationSent } from '../../../api';
import { FormAlert, type FormResult } from '../../../components/FormAlert';
import { InvitationLink } from '../../../components/InvitationLink';
import { useFormat, useT } from '../../../i18n';
import { useUser } from '../../../session';
import { InvitationList } from './InvitationList';
import { InviteEveryone } from './InviteEveryone';
import { UserSelect } from './UserSelect';

/** Whom an invitation is for, as the form or the list names them. */
interface Invitee {
  userId: string;
  email: string;
  name: string;
}

/**
 * Settings: mail a user a link to set up their account (single use, for 7 days). When no mail can
 * go out, the link itself is shown to copy and hand over; the list below shows every invitation's
 * state and lets its asker copy a link not mailed again (docs/decisions/132-invitations-without-mail.md).
 */
export function Invitations() {
  const t = useT();
  const f = useFormat();
  const queryClient = useQueryClient();
  const timeZone = useUser()?.school.timeZone;
  const [userId, setUserId] = useState<string | null>(null);
  const [userName, setUserName] = useState('');
  const [email, setEmail] = useState('');
  const [result, setResult] = useState<FormResult | null>(null);
  const [shown, setShown] = useState<{ name: string; sent: InvitationSent } | null>(null);
  const send = useMutation({
    mutationFn: async (who: Invitee) => {
      const r = await api.settings.invite({ body: { userId: who.userId, email: who.email } });
      if (isFailure(r)) throw new Error(r.message);
      return { who, r };
    },
    onSuccess: async ({ who, r }) => {
      if (r.link) {
        setResult(null);
        setShown({ name: who.name, sent: r });
      } else {
        setShown(null);
        setResult({
          ok: true,
          text: t('settings.invite.sent', {
            email: r.email,
            date: f.dateTime(r.expiresAt, timeZone),
          }),
        });
      }
      setEmail('');
      await invalidateAfter(queryClient, 'invitations');
    },
    onError: (err) => {
      setShown(null);
      setResult({ ok: false, text: err.message });
    },
  });
  const shownLink = shown?.sent.link;
  return (
    <Stack gap="md">
      <InvitationsHeading />
      {shown && shownLink ? (
        <InvitationLink
          name={shown.name}
          expiresAt={shown.sent.expiresAt}
          delivery={{ ...shown.sent, link: shownLink }}
          keptBelow
        />
      ) : null}
      <Card withBorder>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setResult(null);
            send.mutate({ userId: userId ?? '', email: email.trim(), name: userName || email });
          }}
          noValidate
        >
          <Stack gap="sm">
            <FormAlert ok={result?.ok} text={result?.text} />
            <UserSelect
              label={t('settings.invite.user')}
              value={userId}
              onChange={(id, label) => {
                setUserId(id);
                setUserName(label ?? '');
              }}
            />
            <TextInput
              label={t('settings.invite.email')}
              type="email"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button
                type="submit"
                disabled={!userId || !email.trim()}
                loading={send.isPending && send.variables?.userId === userId}
              >
                {t('settings.invite.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <InviteEveryone />
      <InvitationList
        onSendAgain={(who) => {
          setResult(null);
          send.mutate(who);
        }}
        sending={send.isPending ? send.variables?.userId : undefined}
      />
    </Stack>
  );
}

function InvitationsHeading() {
  const t = useT();
  return (
    <>
      <Title order={2}>{t('settings.invite.title')}</Title>
      <Text fz="sm" c="dimmed">
        {t('settings.invite.help', { days: INVITATION_DAYS })}
      </Text>
    </>
  );
}
