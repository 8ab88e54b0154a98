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
  newSchoolBody,
  type MessageKey,
  type DistrictFigures,
  type DistrictInvitationBody,
  type DistrictInvitationResponse,
  type DistrictSchoolResponse,
  type DistrictSchoolsResponse,
  type NewSchoolInput,
} from '@app/domain';
import { api, isFailure, queryKeys, unwrap } from '../../api';
import { Page } from '../../components/Page';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { InvitationLink } from '../../components/InvitationLink';
import { TableCaption } from '../../components/TableCaption';
import {
  emptySchool,
  issuesToErrors,
  proposedTimeZone,
  SchoolFields,
} from '../../components/SchoolFields';
import { T, useFormat, useT } from '../../i18n';

/** A badge as wide as its word: a narrow column never cuts "Activa" to "Ac…". */
const WHOLE_LABEL = { label: { overflow: 'visible' } } as const;

/** A school type by name in the screens' language; one the list does not know, as it is. */
const SCHOOL_TYPE_KEYS: Record<string, MessageKey> = {
  Elementary: 'district.type.elementary',
  Middle: 'district.type.middle',
  High: 'district.type.high',
  'K-8': 'district.type.k8',
  'K-12': 'district.type.k12',
};

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.district.all });
}

/**
 * A new school of the district (POST district/schools), in the time zone of the district's schools
 * (`zones`) unless changed, as /setup proposes the browser's.
 */
function CreateSchool({ zones, onClose }: { zones: readonly string[]; onClose: () => void }) {
  const t = useT();
  const refresh = useRefresh();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Required<NewSchoolInput>>({
    initialValues: emptySchool(proposedTimeZone(zones)),
    validate: (v) => {
      const parsed = newSchoolBody.safeParse(v);
      return parsed.success ? {} : issuesToErrors(parsed.error.issues);
    },
  });
  const submit = form.onSubmit(async (values) => {
    setError(null);
    const r = await api.district.createSchool({ body: values });
    if (isFailure(r)) {
      // The server's answer is in the screens' language: the code's field in either.
      if (/code|código/i.test(r.message)) form.setFieldError('code', r.message);
      else setError(r.message);
      return;
    }
    await refresh();
    notifications.show({ color: 'teal', message: t('district.created', { name: r.name }) });
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
            <T k="common.cancel" />
          </Button>
          <Button type="submit" loading={form.submitting}>
            <T k="district.createSubmit" />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The school's admin by e-mail: the invitation mail (POST district/schools/{id}/invitations). */
function InviteAdmin({ school, onClose }: { school: DistrictSchoolResponse; onClose: () => void }) {
  const t = useT();
  const f = useFormat();
  const refresh = useRefresh();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<DistrictInvitationBody>({
    initialValues: { firstName: '', lastName: '', email: '' },
    validate: (v) => {
      const parsed = districtInvitationBody.safeParse(v);
      return parsed.success ? {} : issuesToErrors(parsed.error.issues);
    },
  });
  // Not mailed: the link stays on screen to hand over (docs/decisions/132-invitations-without-mail.md).
  const [shown, setShown] = useState<{ name: string; sent: DistrictInvitationResponse } | null>(
    null,
  );
  const submit = form.onSubmit(async (values) => {
    setError(null);
    const r = await api.district.invite({ params: { id: school._id }, body: values });
    if (isFailure(r)) return setError(r.message);
    await refresh();
    if (r.link) return setShown({ name: `${values.firstName} ${values.lastName}`, sent: r });
    notifications.show({
      color: 'teal',
      message: t('district.invited', { email: r.email, date: f.longDate(r.expiresAt) }),
    });
    onClose();
  });
  const shownLink = shown?.sent.link;
  if (shown && shownLink)
    return (
      <Stack gap="md">
        <InvitationLink
          name={shown.name}
          expiresAt={shown.sent.expiresAt}
          delivery={{ ...shown.sent, link: shownLink }}
        />
        <Group justify="flex-end">
          <Button onClick={onClose}>
            <T k="common.close" />
          </Button>
        </Group>
      </Stack>
    );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text fz="sm">
          <T k="district.inviteIntro" values={{ school: school.name }} />
        </Text>
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('district.firstName')}
            required
            {...form.getInputProps('firstName')}
          />
          <TextInput label={t('district.lastName')} required {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <TextInput
          label={t('district.email')}
          type="email"
          required
          {...form.getInputProps('email')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <T k="common.cancel" />
          </Button>
          <Button type="submit" loading={form.submitting}>
            <T k="district.sendInvitation" />
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
  const t = useT();
  const refresh = useRefresh();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const disable = !school.disabled;
  const go = async () => {
    setBusy(true);
    const r = await (disable ? api.district.disable : api.district.enable)({
      params: { id: school._id },
    });
    setBusy(false);
    if (isFailure(r)) return setError(r.message);
    await refresh();
    notifications.show({
      color: 'teal',
      message: t(disable ? 'district.isDisabled' : 'district.isEnabled', { name: school.name }),
    });
    onClose();
  };
  return (
    <Stack gap="md">
      <Text>
        {t(disable ? 'district.disableWarning' : 'district.enableNote', { name: school.name })}
      </Text>
      {error ? (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          <T k="common.cancel" />
        </Button>
        <Button color={disable ? 'red' : undefined} loading={busy} onClick={go}>
          {t(disable ? 'district.disableSchool' : 'district.enableSchool')}
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
  const t = useT();
  const { number } = useFormat();
  return (
    <Card p="lg" withBorder>
      <Title order={2} fz="h4" mb="sm">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <Figure label={t('district.figure.given')} value={number(f.pointsGiven)} />
        <Figure label={t('district.figure.spent')} value={number(f.pointsSpent)} />
        <Figure label={t('district.figure.activeStudents')} value={number(f.activeStudents)} />
        <Figure label={t('district.figure.orders')} value={number(f.orders)} />
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
  const t = useT();
  const schools = useQuery({
    queryKey: queryKeys.district.schools,
    queryFn: () => unwrap(api.district.schools()),
  });
  const figures = useQuery({
    queryKey: queryKeys.district.figures,
    queryFn: () => unwrap(api.district.figures()),
  });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);

  return (
    <Page>
      <PageHeader
        title={t('district.title')}
        description={
          schools.data
            ? t('district.description', { name: schools.data.district.name })
            : t('district.descriptionBare')
        }
        actions={
          <Button onClick={() => setDialog({ kind: 'create' })}>
            <T k="district.create" />
          </Button>
        }
      />
      <Stack gap="xl">
        <QueryState query={figures} loading={t('district.loadingFigures')} size="section">
          {(f) => (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <FigureCard title={t('district.thisMonth')} f={f.total.month} />
              <FigureCard title={t('district.thisYear')} f={f.total.year} />
            </SimpleGrid>
          )}
        </QueryState>
        <QueryState query={schools} loading={t('district.loadingSchools')} size="section">
          {(d) => <SchoolsTable d={d} onDialog={setDialog} />}
        </QueryState>
      </Stack>
      <Modal
        opened={dialog !== null}
        onClose={close}
        size={dialog?.kind === 'create' ? 'lg' : 'md'}
        title={
          dialog?.kind === 'create'
            ? t('district.create')
            : dialog?.kind === 'invite'
              ? t('district.inviteLabel', { name: dialog.school.name })
              : dialog?.kind === 'toggle'
                ? t(dialog.school.disabled ? 'district.enableTitle' : 'district.disableTitle', {
                    name: dialog.school.name,
                  })
                : ''
        }
      >
        {dialog?.kind === 'create' ? (
          <CreateSchool
            zones={schools.data?.schools.map((s) => s.timeZone) ?? []}
            onClose={close}
          />
        ) : null}
        {dialog?.kind === 'invite' ? <InviteAdmin school={dialog.school} onClose={close} /> : null}
        {dialog?.kind === 'toggle' ? <ToggleSchool school={dialog.school} onClose={close} /> : null}
      </Modal>
    </Page>
  );
}

/** The district's schools, a row each, with their actions. */
function SchoolsTable({
  d,
  onDialog,
}: {
  d: DistrictSchoolsResponse;
  onDialog: (dialog: Dialog) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped verticalSpacing="sm" horizontalSpacing="md">
        <TableCaption>
          <T k="district.caption" values={{ count: d.schools.length, district: d.district.name }} />
        </TableCaption>
        <SchoolsHead />
        <Table.Tbody>
          {d.schools.map((s) => (
            <SchoolRow key={s._id} school={s} onDialog={onDialog} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function SchoolsHead() {
  return (
    <Table.Thead>
      <Table.Tr>
        <Table.Th scope="col">
          <T k="district.column.school" />
        </Table.Th>
        <Table.Th scope="col">
          <T k="district.column.code" />
        </Table.Th>
        <Table.Th scope="col" ta="right">
          <T k="district.column.students" />
        </Table.Th>
        <Table.Th scope="col" ta="right">
          <T k="district.column.staff" />
        </Table.Th>
        <Table.Th scope="col" ta="right">
          <T k="district.column.classes" />
        </Table.Th>
        <Table.Th scope="col">
          <T k="district.column.lastActivity" />
        </Table.Th>
        <Table.Th scope="col">
          <T k="district.column.status" />
        </Table.Th>
        <Table.Th scope="col">
          <VisuallyHidden>
            <T k="district.column.actions" />
          </VisuallyHidden>
        </Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
}

/** A school: its figures, whether it is active (and the owner's own), invite and disable or enable. */
function SchoolRow({
  school: s,
  onDialog,
}: {
  school: DistrictSchoolResponse;
  onDialog: (dialog: Dialog) => void;
}) {
  const t = useT();
  const { number, longDate } = useFormat();
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={600}>
        {s.name}
        <Text fz="xs" c="dimmed" component="div">
          <T
            k="district.schoolMeta"
            values={{
              type: SCHOOL_TYPE_KEYS[s.schoolType]
                ? t(SCHOOL_TYPE_KEYS[s.schoolType]!)
                : s.schoolType,
              timeZone: s.timeZone,
            }}
          />
        </Text>
      </Table.Th>
      <Table.Td>{s.code}</Table.Td>
      <Table.Td ta="right">{number(s.students)}</Table.Td>
      <Table.Td ta="right">{number(s.staff)}</Table.Td>
      <Table.Td ta="right">{number(s.classes)}</Table.Td>
      <Table.Td>{s.lastActivity ? longDate(s.lastActivity) : t('district.noneYet')}</Table.Td>
      <Table.Td>
        <Group gap={6}>
          <Badge color={s.disabled ? 'red' : 'teal'} variant="light" tt="none" styles={WHOLE_LABEL}>
            {t(s.disabled ? 'district.disabled' : 'district.active')}
          </Badge>
          {s.mine ? (
            <Badge color="gray" variant="light" tt="none" styles={WHOLE_LABEL}>
              <T k="district.yours" />
            </Badge>
          ) : null}
        </Group>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap" justify="flex-end">
          <Button
            size="xs"
            variant="light"
            onClick={() => onDialog({ kind: 'invite', school: s })}
            aria-label={t('district.inviteLabel', { name: s.name })}
          >
            <T k="district.inviteAdmin" />
          </Button>
          {s.mine ? null : (
            <Button
              size="xs"
              variant="subtle"
              color={s.disabled ? undefined : 'red'}
              onClick={() => onDialog({ kind: 'toggle', school: s })}
              aria-label={t(s.disabled ? 'district.enableLabel' : 'district.disableLabel', {
                name: s.name,
              })}
            >
              {t(s.disabled ? 'district.enable' : 'district.disable')}
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
