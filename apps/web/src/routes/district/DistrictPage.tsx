import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  districtInvitationBody,
  longDate,
  newSchoolBody,
  type DistrictFigures,
  type DistrictInvitationBody,
  type DistrictSchoolResponse,
  type NewSchoolInput,
} from '@app/domain';
import { district, isFailure, queryKeys, unwrap } from '../../api';
import { Page } from '../../components/Page';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { TableCaption } from '../../components/TableCaption';
import { emptySchool, issuesToErrors, SchoolFields } from '../../components/SchoolFields';

const number = (n: number) => n.toLocaleString('en-US');

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.district.all });
}

/** A new school of the district (POST district/schools). */
function CreateSchool({ onClose }: { onClose: () => void }) {
  const refresh = useRefresh();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Required<NewSchoolInput>>({
    initialValues: emptySchool(),
    validate: (v) => {
      const parsed = newSchoolBody.safeParse(v);
      return parsed.success ? {} : issuesToErrors(parsed.error.issues);
    },
  });
  const submit = form.onSubmit(async (values) => {
    setError(null);
    const r = await district.createSchool(values);
    if (isFailure(r)) {
      if (/code/.test(r.message)) form.setFieldError('code', r.message);
      else setError(r.message);
      return;
    }
    await refresh();
    notifications.show({ color: 'teal', message: `${r.name} is created. Invite its admin next.` });
    onClose();
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
        <SchoolFields form={form} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            Create school
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The school's admin by e-mail: the invitation mail (POST district/schools/{id}/invitations). */
function InviteAdmin({ school, onClose }: { school: DistrictSchoolResponse; onClose: () => void }) {
  const refresh = useRefresh();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<DistrictInvitationBody>({
    initialValues: { firstName: '', lastName: '', email: '' },
    validate: (v) => {
      const parsed = districtInvitationBody.safeParse(v);
      return parsed.success ? {} : issuesToErrors(parsed.error.issues);
    },
  });
  const submit = form.onSubmit(async (values) => {
    setError(null);
    const r = await district.invite(school._id, values);
    if (isFailure(r)) return setError(r.message);
    await refresh();
    notifications.show({
      color: 'teal',
      message: `Invitation sent to ${r.email}. The link works until ${longDate(r.expiresAt.slice(0, 10))}.`,
    });
    onClose();
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text fz="sm">
          They become an admin of {school.name} and get a mail with a link to choose their username
          and password.
        </Text>
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="First name" required {...form.getInputProps('firstName')} />
          <TextInput label="Last name" required {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <TextInput label="Email" type="email" required {...form.getInputProps('email')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            Send invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Disable (its people can no longer sign in; nothing is deleted) or enable a school. */
function ToggleSchool({
  school,
  onClose,
}: {
  school: DistrictSchoolResponse;
  onClose: () => void;
}) {
  const refresh = useRefresh();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const disable = !school.disabled;
  const go = async () => {
    setBusy(true);
    const r = await district.setDisabled(school._id, disable);
    setBusy(false);
    if (isFailure(r)) return setError(r.message);
    await refresh();
    notifications.show({
      color: 'teal',
      message: `${school.name} is ${disable ? 'disabled' : 'enabled'}.`,
    });
    onClose();
  };
  return (
    <Stack gap="md">
      <Text>
        {disable
          ? `Nobody of ${school.name} can sign in while it is disabled, and everyone signed in is signed out. Nothing is deleted: enable it to let them in again.`
          : `The people of ${school.name} can sign in again.`}
      </Text>
      {error ? (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button color={disable ? 'red' : undefined} loading={busy} onClick={go}>
          {disable ? 'Disable school' : 'Enable school'}
        </Button>
      </Group>
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} fz="xl">
        {value}
      </Text>
    </Stack>
  );
}

function FigureCard({ title, f }: { title: string; f: DistrictFigures }) {
  return (
    <Card p="lg" withBorder>
      <Title order={2} fz="h4" mb="sm">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <Figure label="Points given" value={number(f.pointsGiven)} />
        <Figure label="Points spent" value={number(f.pointsSpent)} />
        <Figure label="Active students" value={number(f.activeStudents)} />
        <Figure label="Orders" value={number(f.orders)} />
      </SimpleGrid>
    </Card>
  );
}

type Dialog =
  | { kind: 'create' }
  | { kind: 'invite'; school: DistrictSchoolResponse }
  | { kind: 'toggle'; school: DistrictSchoolResponse };

/** /district: the district's schools, their figures, and the owner's actions on them. */
export default function DistrictPage() {
  const schools = useQuery({
    queryKey: queryKeys.district.schools,
    queryFn: () => unwrap(district.schools()),
  });
  const figures = useQuery({
    queryKey: queryKeys.district.figures,
    queryFn: () => unwrap(district.figures()),
  });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);

  return (
    <Page>
      <PageHeader
        title="District"
        description={
          schools.data
            ? `${schools.data.district.name}: its schools, their people and their figures.`
            : 'Your district’s schools, their people and their figures.'
        }
        actions={<Button onClick={() => setDialog({ kind: 'create' })}>Create a school</Button>}
      />
      <Stack gap="xl">
        <QueryState query={figures} loading="Loading the district's figures" size="section">
          {(f) => (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <FigureCard title="This month" f={f.total.month} />
              <FigureCard title="This school year" f={f.total.year} />
            </SimpleGrid>
          )}
        </QueryState>
        <QueryState query={schools} loading="Loading the schools" size="section">
          {(d) => (
            <Table.ScrollContainer minWidth={900}>
              <Table striped verticalSpacing="sm" horizontalSpacing="md">
                <TableCaption>
                  {d.schools.length} school{d.schools.length === 1 ? '' : 's'} of {d.district.name}.
                  Last activity is the day of the latest give or order.
                </TableCaption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">School</Table.Th>
                    <Table.Th scope="col">Code</Table.Th>
                    <Table.Th scope="col" ta="right">
                      Students
                    </Table.Th>
                    <Table.Th scope="col" ta="right">
                      Staff
                    </Table.Th>
                    <Table.Th scope="col" ta="right">
                      Classes
                    </Table.Th>
                    <Table.Th scope="col">Last activity</Table.Th>
                    <Table.Th scope="col">Status</Table.Th>
                    <Table.Th scope="col">
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {d.schools.map((s) => (
                    <Table.Tr key={s._id}>
                      <Table.Th scope="row" fw={600}>
                        {s.name}
                        <Text fz="xs" c="dimmed" component="div">
                          {s.schoolType} · {s.timeZone}
                        </Text>
                      </Table.Th>
                      <Table.Td>{s.code}</Table.Td>
                      <Table.Td ta="right">{number(s.students)}</Table.Td>
                      <Table.Td ta="right">{number(s.staff)}</Table.Td>
                      <Table.Td ta="right">{number(s.classes)}</Table.Td>
                      <Table.Td>{s.lastActivity ? longDate(s.lastActivity) : 'None yet'}</Table.Td>
                      <Table.Td>
                        <Group gap={6}>
                          <Badge color={s.disabled ? 'red' : 'teal'} variant="light" tt="none">
                            {s.disabled ? 'Disabled' : 'Active'}
                          </Badge>
                          {s.mine ? (
                            <Badge color="gray" variant="light" tt="none">
                              Yours
                            </Badge>
                          ) : null}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap" justify="flex-end">
                          <Button
                            size="xs"
                            variant="light"
                            onClick={() => setDialog({ kind: 'invite', school: s })}
                            aria-label={`Invite an admin of ${s.name}`}
                          >
                            Invite admin
                          </Button>
                          {s.mine ? null : (
                            <Button
                              size="xs"
                              variant="subtle"
                              color={s.disabled ? undefined : 'red'}
                              onClick={() => setDialog({ kind: 'toggle', school: s })}
                              aria-label={`${s.disabled ? 'Enable' : 'Disable'} ${s.name}`}
                            >
                              {s.disabled ? 'Enable' : 'Disable'}
                            </Button>
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </QueryState>
      </Stack>
      <Modal
        opened={dialog !== null}
        onClose={close}
        size={dialog?.kind === 'create' ? 'lg' : 'md'}
        title={
          dialog?.kind === 'create'
            ? 'Create a school'
            : dialog?.kind === 'invite'
              ? `Invite an admin of ${dialog.school.name}`
              : dialog?.kind === 'toggle'
                ? `${dialog.school.disabled ? 'Enable' : 'Disable'} ${dialog.school.name}?`
                : ''
        }
      >
        {dialog?.kind === 'create' ? <CreateSchool onClose={close} /> : null}
        {dialog?.kind === 'invite' ? <InviteAdmin school={dialog.school} onClose={close} /> : null}
        {dialog?.kind === 'toggle' ? <ToggleSchool school={dialog.school} onClose={close} /> : null}
      </Modal>
    </Page>
  );
}
