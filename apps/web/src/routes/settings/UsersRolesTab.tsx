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
import {
  allows,
  GRANTABLE_ROLES,
  mayGrant,
  onlyStudent,
  rolesCover,
  type Role,
  type UserStatus,
} from '@app/domain';
import {
  afterRolesChange,
  api,
  queryKeys,
  unwrap,
  type SessionUser,
  type UserRoles,
} from '../../api';
import { ErrorNotice } from '../../components/ErrorNotice';
import { QueryState } from '../../components/QueryState';
import {
  StudentPasswordModal,
  type StudentChoice,
} from '../../components/sign-in/StudentPasswordModal';
import { useFormat, useT } from '../../i18n';
import { DemographicsModal, type DemographicsFor } from './DemographicsModal';
import { ReplaceBadgeButton } from './ReplaceBadgeButton';
import { gradeWord, roleWord } from './words';
import { SignInCardsCard } from './SignInCardsCard';

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
  const t = useT();
  const [roles, setRoles] = useState<string[]>(target.roles);
  const save = useMutation({
    // The checkboxes hold roles (the user's own and GRANTABLE_ROLES): the server checks each.
    mutationFn: () =>
      unwrap(
        api.settings.setRoles({ params: { id: target._id }, body: { roles: roles as Role[] } }),
      ),
    onSuccess: (u) => {
      notifications.show({
        color: 'teal',
        message: t('settings.users.saved', {
          name: `${u.firstName} ${u.lastName}`,
          roles: u.roles.map((r) => roleWord(t, r)).join(', '),
        }),
      });
      void afterRolesChange(queryClient);
      onClose();
    },
  });
  // A role the caller may not hand out (SUPER_ADMIN, GUARDIAN, one above their own) is shown, locked.
  const locked = (r: Role) => !mayGrant(me, r);
  return (
    <Stack>
      <Checkbox.Group
        label={t('settings.users.roles')}
        description={t('settings.users.chooseOne')}
        value={roles}
        onChange={setRoles}
      >
        <SimpleGrid cols={{ base: 1, xs: 2 }} mt="xs" spacing="xs">
          {GRANTABLE_ROLES.map((r) => (
            <Checkbox key={r} value={r} label={roleWord(t, r)} disabled={locked(r)} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      {save.isError ? (
        <ErrorNotice title={t('settings.users.notSaved')} message={save.error.message} />
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button
          onClick={() => save.mutate()}
          loading={save.isPending}
          disabled={roles.length === 0}
        >
          {t('settings.users.save')}
        </Button>
      </Group>
    </Stack>
  );
}

function RoleChanges({ user }: { user: SessionUser }) {
  const t = useT();
  const f = useFormat();
  const q = useQuery({
    queryKey: queryKeys.settings.roleChanges,
    queryFn: () => unwrap(api.settings.roleChanges()),
  });
  return (
    <Card p="lg">
      <Title order={3} fz="lg" mb="sm">
        {t('settings.users.recent')}
      </Title>
      <QueryState query={q} size="section" loading={t('settings.users.loadingChanges')}>
        {(changes) =>
          changes.length === 0 ? (
            <Text c="dimmed">{t('settings.users.noChanges')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('settings.users.when')}</Table.Th>
                    <Table.Th scope="col">{t('settings.users.user')}</Table.Th>
                    <Table.Th scope="col">{t('settings.users.before')}</Table.Th>
                    <Table.Th scope="col">{t('settings.users.after')}</Table.Th>
                    <Table.Th scope="col">{t('settings.users.changedBy')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {changes.slice(0, 20).map((c) => (
                    <Table.Tr key={c._id}>
                      <Table.Td>{f.dateTime(c.at, user.school.timeZone)}</Table.Td>
                      <Table.Td>{c.userName}</Table.Td>
                      <Table.Td>{c.before.map((r) => roleWord(t, r)).join(', ')}</Table.Td>
                      <Table.Td>{c.after.map((r) => roleWord(t, r)).join(', ')}</Table.Td>
                      <Table.Td>{c.changedByName ?? t('settings.empty')}</Table.Td>
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

/** Search by name, filter by role and by current or left. */
function UserFilters({
  value,
  onChange,
  set,
}: {
  value: { search: string; role: string | null; status: UserStatus };
  /** Each change goes through here (the page goes back to the first). */
  onChange: (change: () => void) => void;
  set: {
    setSearch: (v: string) => void;
    setRole: (v: string | null) => void;
    setStatus: (v: UserStatus) => void;
  };
}) {
  const t = useT();
  return (
    <Group align="flex-end" grow wrap="wrap">
      <TextInput
        label={t('settings.users.search')}
        placeholder={t('settings.users.searchPlaceholder')}
        value={value.search}
        onChange={(e) => {
          const v = e.currentTarget.value;
          onChange(() => set.setSearch(v));
        }}
      />
      <Select
        label={t('settings.users.role')}
        placeholder={t('settings.users.everyRole')}
        clearable
        data={GRANTABLE_ROLES.map((r) => ({ value: r, label: roleWord(t, r) }))}
        value={value.role}
        onChange={(v) => onChange(() => set.setRole(v))}
      />
      <Select
        label={t('settings.users.status')}
        allowDeselect={false}
        data={[
          { value: 'current', label: t('settings.users.current') },
          { value: 'left', label: t('settings.users.left') },
        ]}
        value={value.status}
        onChange={(v) => onChange(() => set.setStatus(v === 'left' ? 'left' : 'current'))}
      />
    </Group>
  );
}

/** A page of users: each with its roles, change roles, and (current students) a card and a password. */
function UsersTable({
  users,
  left,
  me,
  chosen,
  onChoose,
  onEdit,
  onPassword,
}: {
  users: UserRoles[];
  left: boolean;
  me: SessionUser;
  chosen: string[];
  onChoose: (userId: string, on: boolean) => void;
  onEdit: (u: UserRoles) => void;
  onPassword: (student: StudentChoice) => void;
}) {
  // A student's demographics (issue 34): for an admin who also reads them (the fairness report's permission).
  const [demographicsFor, setDemographicsFor] = useState<DemographicsFor | null>(null);
  const demographics = allows(me, 'settings:users') && allows(me, 'reports:equity');
  return (
    <>
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover>
          <UsersHead left={left} />
          <Table.Tbody>
            {users.map((u) => (
              <UserRow
                key={u._id}
                u={u}
                left={left}
                me={me}
                chosen={chosen.includes(u._id)}
                onChoose={(on) => onChoose(u._id, on)}
                onEdit={() => onEdit(u)}
                onPassword={() => onPassword({ id: u._id, name: `${u.firstName} ${u.lastName}` })}
                onDemographics={
                  demographics && !left && onlyStudent(u.roles)
                    ? () => setDemographicsFor({ id: u._id, name: `${u.firstName} ${u.lastName}` })
                    : undefined
                }
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <DemographicsModal student={demographicsFor} onClose={() => setDemographicsFor(null)} />
    </>
  );
}

function UsersHead({ left }: { left: boolean }) {
  const t = useT();
  return (
    <Table.Thead>
      <Table.Tr>
        {left ? null : (
          <Table.Th scope="col">
            <VisuallyHidden>{t('settings.cards.title')}</VisuallyHidden>
          </Table.Th>
        )}
        <Table.Th scope="col">{t('settings.users.name')}</Table.Th>
        <Table.Th scope="col">{t('settings.id')}</Table.Th>
        <Table.Th scope="col">{t('settings.grade')}</Table.Th>
        <Table.Th scope="col">{t('settings.users.roles')}</Table.Th>
        {left ? <Table.Th scope="col">{t('settings.users.leftOn')}</Table.Th> : null}
        <Table.Th scope="col">
          <VisuallyHidden>{t('settings.actions')}</VisuallyHidden>
        </Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
}

function UserRow({
  u,
  left,
  me,
  chosen,
  onChoose,
  onEdit,
  onPassword,
  onDemographics,
}: {
  u: UserRoles;
  left: boolean;
  me: SessionUser;
  chosen: boolean;
  onChoose: (on: boolean) => void;
  onEdit: () => void;
  onPassword: () => void;
  /** Opens the student's demographics; left out for those who may not read them. */
  onDemographics?: () => void;
}) {
  const t = useT();
  const f = useFormat();
  return (
    <Table.Tr>
      {left ? null : (
        <Table.Td>
          {onlyStudent(u.roles) ? (
            <Checkbox
              checked={chosen}
              onChange={(e) => onChoose(e.currentTarget.checked)}
              aria-label={t('settings.cards.choose', {
                name: `${u.firstName} ${u.lastName}`,
              })}
            />
          ) : null}
        </Table.Td>
      )}
      <Table.Td>
        {t('settings.users.nameCell', {
          lastName: u.lastName,
          firstName: u.firstName,
        })}
      </Table.Td>
      <Table.Td>{u.externalId}</Table.Td>
      <Table.Td>{u.gradeLevel ? gradeWord(t, u.gradeLevel) : t('settings.empty')}</Table.Td>
      <Table.Td>
        <Group gap={4}>
          {u.roles.map((r) => (
            <Badge key={r} variant="light" tt="none">
              {roleWord(t, r)}
            </Badge>
          ))}
        </Group>
      </Table.Td>
      {left ? <Table.Td>{u.leftOn ? f.mediumDate(u.leftOn) : t('settings.empty')}</Table.Td> : null}
      <Table.Td>
        <Button
          size="xs"
          variant="light"
          onClick={onEdit}
          // Someone whose roles reach beyond the caller's is not theirs to change.
          disabled={!rolesCover(me.roles, u.roles)}
          aria-label={t('settings.users.changeRolesOf', {
            name: `${u.firstName} ${u.lastName}`,
          })}
        >
          {t('settings.users.changeRoles')}
        </Button>
        {!left && onlyStudent(u.roles) ? (
          <Button
            size="xs"
            variant="default"
            ml="xs"
            onClick={onPassword}
            aria-label={t('classroom.password.actionOf', {
              name: `${u.firstName} ${u.lastName}`,
            })}
          >
            {t('classroom.password.save')}
          </Button>
        ) : null}
        {!left && onlyStudent(u.roles) && allows(me, 'badges:replace') ? (
          <ReplaceBadgeButton student={{ id: u._id, name: `${u.firstName} ${u.lastName}` }} />
        ) : null}
        {onDemographics ? (
          <Button
            size="xs"
            variant="default"
            ml="xs"
            onClick={onDemographics}
            aria-label={t('settings.users.demographicsOf', {
              name: `${u.firstName} ${u.lastName}`,
            })}
          >
            {t('settings.users.demographics')}
          </Button>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Users and roles: search, filter by role, change a user's roles (admins). Who left the school is
 * listed apart, under Left, with the day they left (docs/decisions/128-leavers-are-archived.md).
 */
export function UsersRolesTab({ user }: { user: SessionUser }) {
  const t = useT();
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<string | null>(null);
  const [status, setStatus] = useState<UserStatus>('current');
  const left = status === 'left';
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<UserRoles | null>(null);
  // Sign-in cards and passwords (docs/decisions/133-sign-in-cards.md): for current students only.
  const [chosen, setChosen] = useState<string[]>([]);
  const [passwordFor, setPasswordFor] = useState<StudentChoice | null>(null);
  const choose = (userId: string, on: boolean) =>
    setChosen((ids) => (on ? [...ids, userId] : ids.filter((i) => i !== userId)));
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const query = {
    search: debounced || undefined,
    role: (role ?? undefined) as Role | undefined,
    status,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  };
  const q = useQuery({
    queryKey: queryKeys.settings.users.page(query),
    queryFn: () => unwrap(api.settings.users({ query })),
    placeholderData: keepPreviousData,
  });

  return (
    <Stack gap="lg">
      <SignInCardsCard chosen={chosen} onClear={() => setChosen([])} />
      <Card p="lg">
        <Stack>
          <Title order={2} fz="h3">
            {t('settings.users.title')}
          </Title>
          <UserFilters
            value={{ search, role, status }}
            onChange={(change) => {
              change();
              setPage(1);
            }}
            set={{ setSearch, setRole, setStatus }}
          />
          <QueryState query={q} size="section" loading={t('settings.users.loading')}>
            {(list) =>
              list.users.length === 0 ? (
                <Text c="dimmed">
                  {t(left ? 'settings.users.noneLeft' : 'settings.users.noMatch')}
                </Text>
              ) : (
                <Stack>
                  <Text fz="sm" c="dimmed" aria-live="polite">
                    {t('settings.users.count', { count: list.total })}
                  </Text>
                  <UsersTable
                    users={list.users}
                    left={left}
                    me={user}
                    chosen={chosen}
                    onChoose={choose}
                    onEdit={setEditing}
                    onPassword={setPasswordFor}
                  />
                  {list.total > PAGE_SIZE ? (
                    <Pagination
                      total={Math.ceil(list.total / PAGE_SIZE)}
                      value={page}
                      onChange={setPage}
                      getControlProps={(c) => ({
                        'aria-label': t('settings.users.page', { control: c }),
                      })}
                    />
                  ) : null}
                </Stack>
              )
            }
          </QueryState>
        </Stack>
      </Card>
      <RoleChanges user={user} />
      <StudentPasswordModal
        opened={passwordFor !== null}
        onClose={() => setPasswordFor(null)}
        student={passwordFor ?? undefined}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing
            ? t('settings.users.rolesOf', { name: `${editing.firstName} ${editing.lastName}` })
            : ''
        }
      >
        {editing ? (
          <RolesEditor target={editing} me={user} onClose={() => setEditing(null)} />
        ) : null}
      </Modal>
    </Stack>
  );
}
