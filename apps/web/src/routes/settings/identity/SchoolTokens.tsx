import { useState } from 'react';
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
  identitySettings,
  invalidateAfter,
  isFailure,
  queryKeys,
  unwrap,
  type SchoolTokenIssued,
} from '../../../api';
import { QueryState } from '../../../components/QueryState';
import { UserSelect } from './UserSelect';
import { FormAlert } from '../../../components/FormAlert';

/** Settings: school tokens (a shared device signs in as one user); a new token is shown once. */
export function SchoolTokens() {
  const queryClient = useQueryClient();
  const tokens = useQuery({
    queryKey: queryKeys.schoolTokens,
    queryFn: () => unwrap(identitySettings.schoolTokens()),
  });
  const [userId, setUserId] = useState<string | null>(null);
  const [label, setLabel] = useState('');
  const [shown, setShown] = useState<SchoolTokenIssued | null>(null);
  const [error, setError] = useState<string | null>(null);

  const act = useMutation({
    mutationFn: async (what: { kind: 'issue' } | { kind: 'rotate' | 'revoke'; id: string }) => {
      const r =
        what.kind === 'issue'
          ? await identitySettings.issueToken({ userId: userId ?? '', label: label.trim() })
          : what.kind === 'rotate'
            ? await identitySettings.rotateToken(what.id)
            : await identitySettings.revokeToken(what.id);
      if (isFailure(r)) throw new Error(r.message);
      return { what, r };
    },
    onSuccess: async ({ what, r }) => {
      setError(null);
      if ('token' in r) setShown(r);
      if (what.kind === 'issue') setLabel('');
      notifications.show({
        color: 'teal',
        message:
          what.kind === 'revoke'
            ? 'School token revoked.'
            : 'New school token made. Copy it now: it is shown once.',
      });
      await invalidateAfter(queryClient, 'schoolTokens');
    },
    onError: (err) => setError(err.message),
  });

  return (
    <Stack gap="md">
      <Title order={2}>School tokens</Title>
      <Text fz="sm" c="dimmed">
        A school token signs a shared device (the store counter, a kiosk) in as one user, with the
        school code.
      </Text>
      <FormAlert text={error} />
      {shown ? (
        <Alert color="teal" variant="light" role="status" title="Copy this token now">
          <Stack gap={4}>
            <Text fz="sm">For {shown.userName}. It will not be shown again.</Text>
            <Code block>{shown.token}</Code>
            <Group>
              <Button size="xs" variant="subtle" onClick={() => setShown(null)}>
                I have copied it
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      <Card withBorder>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            act.mutate({ kind: 'issue' });
          }}
          noValidate
        >
          <Stack gap="sm">
            <UserSelect label="Signs in as" value={userId} onChange={setUserId} />
            <TextInput
              label="Label"
              description="Where the token is used, e.g. Store counter."
              value={label}
              onChange={(e) => setLabel(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button
                type="submit"
                disabled={!userId}
                loading={act.isPending && act.variables?.kind === 'issue'}
              >
                Make a school token
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <QueryState query={tokens} loading="Loading school tokens" size="section">
        {(list) =>
          list.length === 0 ? (
            <Text c="dimmed">No school tokens.</Text>
          ) : (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Signs in as</Table.Th>
                  <Table.Th scope="col">Label</Table.Th>
                  <Table.Th scope="col">Ends with</Table.Th>
                  <Table.Th scope="col">Made</Table.Th>
                  <Table.Th scope="col">Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((t) => (
                  <Table.Tr key={t._id}>
                    <Table.Td>{t.userName}</Table.Td>
                    <Table.Td>{t.label || '—'}</Table.Td>
                    <Table.Td>
                      <Code>…{t.lastFour}</Code>
                    </Table.Td>
                    <Table.Td>{new Date(t.createdAt).toLocaleDateString()}</Table.Td>
                    <Table.Td>
                      <Group gap="xs">
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => act.mutate({ kind: 'rotate', id: t._id })}
                          aria-label={`Rotate the token ending ${t.lastFour}`}
                        >
                          Rotate
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          onClick={() => act.mutate({ kind: 'revoke', id: t._id })}
                          aria-label={`Revoke the token ending ${t.lastFour}`}
                        >
                          Revoke
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )
        }
      </QueryState>
    </Stack>
  );
}
