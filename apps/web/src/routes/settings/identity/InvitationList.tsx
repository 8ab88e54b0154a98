import { Badge, Button, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { fullName, type InvitationListItem, type MessageKey } from '@app/domain';
import { api, queryKeys, unwrap } from '../../../api';
import { CopyLinkButton } from '../../../components/InvitationLink';
import { QueryState } from '../../../components/QueryState';
import { TableScroll } from '../../../components/ScrollRegion';
import { useFormat, useT } from '../../../i18n';
import { useUser } from '../../../session';

/** Each state's words and colour; a link not mailed and not kept was shown once, in its answer. */
function stateOf(i: InvitationListItem): { key: MessageKey; color: string } {
  switch (i.state) {
    case 'mailed':
      return { key: 'settings.invite.state.mailed', color: 'teal' };
    case 'notMailed':
      return i.linkKept
        ? { key: 'settings.invite.state.notMailed', color: 'yellow' }
        : { key: 'settings.invite.state.notMailedOnce', color: 'yellow' };
    case 'used':
      return { key: 'settings.invite.state.used', color: 'gray' };
    case 'expired':
      return { key: 'settings.invite.state.expired', color: 'red' };
  }
}

/**
 * Settings → Invitations: each person's newest invitation with its state (mailed, not mailed,
 * used, expired). Its asker may copy a link not mailed again while it is valid; one that cannot be
 * shown again gets a new link, and a mailed or expired one may be sent again.
 */
export function InvitationList({
  onSendAgain,
  sending,
}: {
  onSendAgain: (who: { userId: string; email: string; name: string }) => void;
  /** The person whose invitation is being sent now. */
  sending: string | undefined;
}) {
  const t = useT();
  const f = useFormat();
  const timeZone = useUser()?.school.timeZone;
  const list = useQuery({
    queryKey: queryKeys.invitations,
    queryFn: () => unwrap(api.settings.invitations()),
  });
  return (
    <Stack gap="md">
      <Title order={3}>{t('settings.invite.listTitle')}</Title>
      <QueryState query={list} loading={t('settings.invite.loading')} size="section">
        {({ invitations }) =>
          invitations.length === 0 ? (
            <Text c="dimmed">{t('settings.invite.none')}</Text>
          ) : (
            <TableScroll
              label={t('settings.invite.caption', { count: invitations.length })}
              minWidth={760}
            >
              <Table>
                <Table.Caption>
                  {t('settings.invite.caption', { count: invitations.length })}
                </Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('settings.invite.person')}</Table.Th>
                    <Table.Th scope="col">{t('settings.invite.email')}</Table.Th>
                    <Table.Th scope="col">{t('settings.invite.state')}</Table.Th>
                    <Table.Th scope="col">{t('settings.invite.until')}</Table.Th>
                    <Table.Th scope="col">{t('settings.invite.invitedBy')}</Table.Th>
                    <Table.Th scope="col">{t('settings.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {invitations.map((i) => {
                    const name = fullName(i);
                    const state = stateOf(i);
                    const again = () => onSendAgain({ userId: i.userId, email: i.email, name });
                    return (
                      <Table.Tr key={i.userId}>
                        <Table.Td>{name}</Table.Td>
                        <Table.Td>{i.email}</Table.Td>
                        <Table.Td>
                          <Badge variant="light" color={state.color} tt="none">
                            {t(state.key)}
                          </Badge>
                        </Table.Td>
                        <Table.Td>{f.dateTime(i.expiresAt, timeZone)}</Table.Td>
                        <Table.Td>{i.invitedBy ?? t('settings.empty')}</Table.Td>
                        <Table.Td>
                          {i.link ? (
                            <CopyLinkButton link={i.link} name={name} />
                          ) : i.state === 'notMailed' ? (
                            <Button
                              size="xs"
                              variant="light"
                              onClick={again}
                              loading={sending === i.userId}
                              aria-label={t('settings.invite.newLinkOf', { name })}
                            >
                              {t('settings.invite.newLink')}
                            </Button>
                          ) : i.state !== 'used' ? (
                            <Button
                              size="xs"
                              variant="subtle"
                              onClick={again}
                              loading={sending === i.userId}
                              aria-label={t('settings.invite.sendAgainOf', { name })}
                            >
                              {t('settings.invite.sendAgain')}
                            </Button>
                          ) : null}
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </TableScroll>
          )
        }
      </QueryState>
    </Stack>
  );
}
