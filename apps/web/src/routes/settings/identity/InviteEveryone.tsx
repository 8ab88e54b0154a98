import { useState } from 'react';
import { Alert, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkInvitationResponse } from '@app/domain';
import { api, invalidateAfter, isFailure } from '../../../api';
import { FormAlert } from '../../../components/FormAlert';
import { CopyLinkButton } from '../../../components/InvitationLink';
import { TableScroll } from '../../../components/ScrollRegion';
import { useFormat, useT } from '../../../i18n';
import { useUser } from '../../../session';

/**
 * Settings → Invitations → "Invite everyone without a sign-in" (POST settings/invitations/all):
 * after a confirmation, one invitation to each member of staff with an address and no password
 * nor invitation waiting; then how many were mailed, how many left out, and the links of those
 * not mailed to copy.
 */
export function InviteEveryone() {
  const t = useT();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [summary, setSummary] = useState<BulkInvitationResponse | null>(null);
  const invite = useMutation({
    mutationFn: async () => {
      const r = await api.settings.inviteEveryone();
      if (isFailure(r)) throw new Error(r.message);
      return r;
    },
    onSuccess: async (r) => {
      setAsking(false);
      setSummary(r);
      await invalidateAfter(queryClient, 'invitations');
    },
    onError: (err) => setError(err.message),
  });
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={3}>{t('settings.invite.allTitle')}</Title>
        <Text fz="sm" c="dimmed">
          {t('settings.invite.allHelp')}
        </Text>
        <FormAlert text={error} />
        {summary ? (
          <Alert color="teal" variant="light" role="status">
            <Stack gap={4}>
              <Text fz="sm">{t('settings.invite.allSent', { sent: summary.sent })}</Text>
              {summary.skipped > 0 ? (
                <Text fz="sm">{t('settings.invite.allSkipped', { skipped: summary.skipped })}</Text>
              ) : null}
            </Stack>
          </Alert>
        ) : null}
        {summary && summary.notSent.length > 0 ? <NotSent notSent={summary.notSent} /> : null}
        {asking ? (
          <Group justify="flex-end">
            <Text fz="sm" fw={600}>
              {t('settings.invite.allConfirm')}
            </Text>
            <Button variant="default" onClick={() => setAsking(false)}>
              {t('common.cancel')}
            </Button>
            <Button loading={invite.isPending} onClick={() => invite.mutate()}>
              {t('settings.invite.allYes')}
            </Button>
          </Group>
        ) : (
          <Group justify="flex-end">
            <Button
              variant="light"
              onClick={() => {
                setError(null);
                setSummary(null);
                setAsking(true);
              }}
            >
              {t('settings.invite.all')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** The invitations not mailed: each person's link to copy, until it expires. */
function NotSent({ notSent }: { notSent: BulkInvitationResponse['notSent'] }) {
  const t = useT();
  const f = useFormat();
  const timeZone = useUser()?.school.timeZone;
  return (
    <Alert color="yellow" variant="light">
      <Stack gap="xs">
        <Text fz="sm">{t('settings.invite.allNotSent', { count: notSent.length })}</Text>
        {notSent.some((n) => !n.linkKept) ? (
          <Text fz="sm" fw={600}>
            {t('settings.invite.shownOnce')}
          </Text>
        ) : null}
        <TableScroll
          label={t('settings.invite.allNotSent', { count: notSent.length })}
          minWidth={640}
        >
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('settings.invite.person')}</Table.Th>
                <Table.Th scope="col">{t('settings.invite.until')}</Table.Th>
                <Table.Th scope="col">{t('settings.invite.copy')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {notSent.map((n) => (
                <Table.Tr key={n.userId}>
                  <Table.Td>{n.name}</Table.Td>
                  <Table.Td>{f.dateTime(n.expiresAt, timeZone)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <TextInput
                        readOnly
                        size="xs"
                        aria-label={t('settings.invite.linkOf', { name: n.name })}
                        value={n.link}
                        onFocus={(e) => e.currentTarget.select()}
                        style={{ flex: 1, minWidth: 0 }}
                      />
                      <CopyLinkButton link={n.link} name={n.name} onTint />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      </Stack>
    </Alert>
  );
}
