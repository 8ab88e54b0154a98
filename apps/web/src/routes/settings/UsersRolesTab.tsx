import { useState } from 'react';
import {
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { GRANTABLE_ROLES, gradeLabel, mayGrant, type Role } from '@app/domain';
import {
  afterRolesChange,
  queryKeys,
  settings,
  unwrap,
  type SessionUser,
  type UserRoles,
} from '../../api';
import { ErrorNotice } from '../../components/ErrorNotice';
import { QueryState } from '../../components/QueryState';
import { roleName } from '../../components/roleName';

const PAGE_SIZE = 25;

function RolesEditor({
  target,
  me,
  onClose,
}: {
  target: UserRoles;
  me: SessionUser;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [roles, setRoles] = useState<string[]>(target.roles);
  const save = useMutation({
    mutationFn: () => unwrap(settings.setRoles(target._id, roles)),
    onSuccess: (u) => {
      notifications.show({
        color: 'teal',
        message: `${u.firstName} ${u.lastName}: roles saved (${u.roles.map(roleName).join(', ')}).`,
      });
      void afterRolesChange(queryClient);
      onClose();
    },
  });
  // A role the caller may not hand out (SUPER_ADMIN but for a super admin) is shown, locked.
  const locked = (r: Role) => !mayGrant(me, r);
  return (
    <Stack>
      <Checkbox.Group
        label="Roles"
        description="Choose at least one."
        value={roles}
        onChange={setRoles}
      >
        <SimpleGrid cols={{ base: 1, xs: 2 }} mt="xs" spacing="xs">
          {GRANTABLE_ROLES.map((r) => (
            <Checkbox key={r} value={r} label={roleName(r)} disabled={locked(r)} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      {save.isError ? <ErrorNotice title="Roles not saved" message={save.error.message} /> : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          onClick={() => save.mutate()}
          loading={save.isPending}
          disabled={roles.length === 0}
        >
          Save roles
        </Button>
      </Group>
    </Stack>
  );
}

function RoleChanges() {
  const q = useQuery({
    queryKey: queryKeys.settings.roleChanges,
    queryFn: () => unwrap(settings.roleChanges()),
  });
  return (
    <Card p="lg">
      <Title order={3} fz="lg" mb="sm">
        Recent role changes
      </Title>
      <QueryState query={q} size="section" loading="Loading role changes">
        {(changes) =>
          changes.length === 0 ? (
            <Text c="dimmed">No role has been changed yet.</Text>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">When</Table.Th>
                    <Table.Th scope="col">User</Table.Th>
                    <Table.Th scope="col">Before</Table.Th>
                    <Table.Th scope="col">After</Table.Th>
                    <Table.Th scope="col">Changed by</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {changes.slice(0, 20).map((c) => (
                    <Table.Tr key={c._id}>
                      <Table.Td>{new Date(c.at).toLocaleString()}</Table.Td>
                      <Table.Td>{c.userName}</Table.Td>
                      <Table.Td>{c.before.map(roleName).join(', ')}</Table.Td>
                      <Table.Td>{c.after.map(roleName).join(', ')}</Table.Td>
                      <Table.Td>{c.changedByName ?? '—'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </QueryState>
    </Card>
  );
}

/** Users and roles: search, filter by role, change a user's roles (admins). */
export function UsersRolesTab({ user }: { user: SessionUser }) {
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<UserRoles | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const query = {
    search: debounced || undefined,
    role: (role ?? undefined) as Role | undefined,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  };
  const q = useQuery({
    queryKey: queryKeys.settings.users.page(query),
    queryFn: () => unwrap(settings.users(query)),
    placeholderData: keepPreviousData,
  });

  return (
    <Stack gap="lg">
      <Card p="lg">
        <Stack>
          <Title order={2} fz="h3">
            Users and roles
          </Title>
          <Group align="flex-end" grow wrap="wrap">
            <TextInput
              label="Search users"
              placeholder="First or last name, or id"
              value={search}
              onChange={(e) => {
                setSearch(e.currentTarget.value);
                setPage(1);
              }}
            />
            <Select
              label="Role"
              placeholder="Every role"
              clearable
              data={GRANTABLE_ROLES.map((r) => ({ value: r, label: roleName(r) }))}
              value={role}
              onChange={(v) => {
                setRole(v);
                setPage(1);
              }}
            />
          </Group>
          <QueryState query={q} size="section" loading="Loading users">
            {(list) =>
              list.users.length === 0 ? (
                <Text c="dimmed">No user matches.</Text>
              ) : (
                <Stack>
                  <Text fz="sm" c="dimmed" aria-live="polite">
                    {list.total === 1 ? '1 user' : `${list.total} users`}
                  </Text>
                  <Table.ScrollContainer minWidth={640}>
                    <Table striped highlightOnHover>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th scope="col">Name</Table.Th>
                          <Table.Th scope="col">Id</Table.Th>
                          <Table.Th scope="col">Grade</Table.Th>
                          <Table.Th scope="col">Roles</Table.Th>
                          <Table.Th scope="col">
                            <VisuallyHidden>Actions</VisuallyHidden>
                          </Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {list.users.map((u) => (
                          <Table.Tr key={u._id}>
                            <Table.Td>
                              {u.lastName}, {u.firstName}
                            </Table.Td>
                            <Table.Td>{u.externalId}</Table.Td>
                            <Table.Td>{u.gradeLevel ? gradeLabel(u.gradeLevel) : '—'}</Table.Td>
                            <Table.Td>
                              <Group gap={4}>
                                {u.roles.map((r) => (
                                  <Badge key={r} variant="light" tt="none">
                                    {roleName(r)}
                                  </Badge>
                                ))}
                              </Group>
                            </Table.Td>
                            <Table.Td>
                              <Button
                                size="xs"
                                variant="light"
                                onClick={() => setEditing(u)}
                                aria-label={`Change roles of ${u.firstName} ${u.lastName}`}
                              >
                                Change roles
                              </Button>
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                  {list.total > PAGE_SIZE ? (
                    <Pagination
                      total={Math.ceil(list.total / PAGE_SIZE)}
                      value={page}
                      onChange={setPage}
                      getControlProps={(c) => ({ 'aria-label': `${c} page` })}
                    />
                  ) : null}
                </Stack>
              )
            }
          </QueryState>
        </Stack>
      </Card>
      <RoleChanges />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? `Roles of ${editing.firstName} ${editing.lastName}` : ''}
      >
        {editing ? (
          <RolesEditor target={editing} me={user} onClose={() => setEditing(null)} />
        ) : null}
      </Modal>
    </Stack>
  );
}
