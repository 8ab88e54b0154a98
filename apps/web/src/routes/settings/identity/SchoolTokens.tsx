import { useState } from 'react';
import type { SchoolTokenResponse } from '@app/domain';
import {
  Alert,
  Button,
  Card,
  Code,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  api,
  invalidateAfter,
  isFailure,
  queryKeys,
  unwrap,
  type SchoolTokenIssued,
} from '../../../api';
import { QueryState } from '../../../components/QueryState';
import { SignInLimits } from './SignInLimits';
import { UserSelect } from './UserSelect';
import { FormAlert } from '../../../components/FormAlert';
import { useFormat, useT } from '../../../i18n';
import { useUser } from '../../../session';

/** Settings: school tokens (a shared device signs in as one user); a new token is shown once. */
export function SchoolTokens() {
  const queryClient = useQueryClient();
  const t = useT();
  const tokens = useQuery({
    queryKey: queryKeys.schoolTokens,
    queryFn: () => unwrap(api.settings.schoolTokens()),
  });
  const [userId, setUserId] = useState<string | null>(null);
  const [label, setLabel] = useState('');
  const [shown, setShown] = useState<SchoolTokenIssued | null>(null);
  const [error, setError] = useState<string | null>(null);

  const act = useMutation({
    mutationFn: async (what: { kind: 'issue' } | { kind: 'rotate' | 'revoke'; id: string }) => {
      const r =
        what.kind === 'issue'
          ? await api.settings.issueToken({ body: { userId: userId ?? '', label: label.trim() } })
          : what.kind === 'rotate'
            ? await api.settings.rotateToken({ params: { id: what.id } })
            : await api.settings.revokeToken({ params: { id: what.id } });
      if (isFailure(r)) throw new Error(r.message);
      return { what, r };
    },
    onSuccess: async ({ what, r }) => {
      setError(null);
      if ('token' in r) setShown(r);
      if (what.kind === 'issue') setLabel('');
      notifications.show({
        color: 'teal',
        message: what.kind === 'revoke' ? t('settings.tokens.revoked') : t('settings.tokens.made'),
      });
      await invalidateAfter(queryClient, 'schoolTokens');
    },
    onError: (err) => setError(err.message),
  });

  return (
    <Stack gap="md">
      <Title order={2}>{t('settings.tokens.title')}</Title>
      <Text fz="sm" c="dimmed">
        {t('settings.tokens.help')}
      </Text>
      <FormAlert text={error} />
      {shown ? <NewToken shown={shown} onCopied={() => setShown(null)} /> : null}
      <Card withBorder>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            act.mutate({ kind: 'issue' });
          }}
          noValidate
        >
          <Stack gap="sm">
            <UserSelect
              label={t('settings.tokens.signsInAs')}
              value={userId}
              onChange={setUserId}
            />
            <TextInput
              label={t('settings.tokens.label')}
              description={t('settings.tokens.labelHelp')}
              value={label}
              onChange={(e) => setLabel(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button
                type="submit"
                disabled={!userId}
                loading={act.isPending && act.variables?.kind === 'issue'}
              >
                {t('settings.tokens.make')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <QueryState query={tokens} loading={t('settings.tokens.loading')} size="section">
        {(list) =>
          list.length === 0 ? (
            <Text c="dimmed">{t('settings.tokens.none')}</Text>
          ) : (
            <TokenTable
              list={list}
              onRotate={(id) => act.mutate({ kind: 'rotate', id })}
              onRevoke={(id) => act.mutate({ kind: 'revoke', id })}
            />
          )
        }
      </QueryState>
      <SignInLimits />
    </Stack>
  );
}

/** The school's tokens: whom each signs in as, its label and last four characters, rotate and revoke. */
function TokenTable({
  list,
  onRotate,
  onRevoke,
}: {
  list: SchoolTokenResponse[];
  onRotate: (id: string) => void;
  onRevoke: (id: string) => void;
}) {
  const t = useT();
  const f = useFormat();
  const timeZone = useUser()?.school.timeZone;
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('settings.tokens.signsInAs')}</Table.Th>
          <Table.Th scope="col">{t('settings.tokens.label')}</Table.Th>
          <Table.Th scope="col">{t('settings.tokens.endsWith')}</Table.Th>
          <Table.Th scope="col">{t('settings.tokens.madeOn')}</Table.Th>
          <Table.Th scope="col">{t('settings.actions')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {list.map((tok) => (
          <Table.Tr key={tok._id}>
            <Table.Td>{tok.userName}</Table.Td>
            <Table.Td>{tok.label || t('settings.empty')}</Table.Td>
            <Table.Td>
              <Code>{t('settings.tokens.lastFour', { lastFour: tok.lastFour })}</Code>
            </Table.Td>
            <Table.Td>{f.dateTime(tok.createdAt, timeZone)}</Table.Td>
            <Table.Td>
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => onRotate(tok._id)}
                  aria-label={t('settings.tokens.rotateToken', { lastFour: tok.lastFour })}
                >
                  {t('settings.tokens.rotate')}
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() => onRevoke(tok._id)}
                  aria-label={t('settings.tokens.revokeToken', { lastFour: tok.lastFour })}
                >
                  {t('settings.tokens.revoke')}
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A new token, shown once: to copy now. */
function NewToken({ shown, onCopied }: { shown: SchoolTokenIssued; onCopied: () => void }) {
  const t = useT();
  return (
    <Alert color="teal" variant="light" role="status" title={t('settings.tokens.copyNow')}>
      <Stack gap={4}>
        <Text fz="sm">{t('settings.tokens.forUser', { name: shown.userName })}</Text>
        <Code block>{shown.token}</Code>
        <Group>
          <Button size="xs" variant="subtle" onClick={onCopied}>
            {t('settings.tokens.copied')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
