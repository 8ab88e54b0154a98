import { useState } from 'react';
import {
  Badge,
  Button,
  Card,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  fullName,
  isLanguage,
  LANGUAGE_NAMES,
  LANGUAGES,
  type GuardianInviteResponse,
  type Language,
} from '@app/domain';
import { api, invalidateAfter, isFailure, queryKeys, unwrap } from '../../api';
import { FormAlert, type FormResult } from '../../components/FormAlert';
import { InvitationLink } from '../../components/InvitationLink';
import { QueryState } from '../../components/QueryState';
import { TableScroll } from '../../components/ScrollRegion';
import { useT } from '../../i18n';

const GUARDIANS_KEY = ['settings', 'guardians'] as const;

/**
 * Settings → Guardians (docs/decisions/115-guardians.md): invite a guardian by e-mail for chosen
 * students (they get a mail to choose their password), and the school's guardians with their children.
 */
export function GuardiansTab() {
  const t = useT();
  return (
    <Stack gap="lg">
      <Stack gap="md">
        <Title order={2}>{t('guardian.settings.inviteTitle')}</Title>
        <Text fz="sm" c="dimmed">
          {t('guardian.settings.intro')}
        </Text>
        <InviteForm />
      </Stack>
      <GuardianList />
    </Stack>
  );
}

function InviteForm() {
  const t = useT();
  const {
    email,
    setEmail,
    firstName,
    setFirstName,
    lastName,
    setLastName,
    studentIds,
    setStudentIds,
    language,
    setLanguage,
    result,
    setResult,
    shown,
    send,
    shownLink,
    options,
  } = useGuardianInvite();
  return (
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
          {shown && shownLink && shown.sent.expiresAt ? (
            <InvitationLink
              name={shown.name}
              expiresAt={shown.sent.expiresAt}
              delivery={{ ...shown.sent, mailed: false, link: shownLink }}
            />
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('guardian.settings.firstName')}
              required
              autoComplete="off"
              value={firstName}
              onChange={(e) => setFirstName(e.currentTarget.value)}
            />
            <TextInput
              label={t('guardian.settings.lastName')}
              required
              autoComplete="off"
              value={lastName}
              onChange={(e) => setLastName(e.currentTarget.value)}
            />
            <TextInput
              label={t('guardian.settings.email')}
              type="email"
              required
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
            <Select
              label={t('guardian.settings.language')}
              data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
              value={language}
              onChange={(v) => setLanguage(isLanguage(v) ? v : 'en')}
              allowDeselect={false}
            />
          </SimpleGrid>
          <MultiSelect
            label={t('guardian.settings.students')}
            placeholder={t('guardian.settings.studentsPlaceholder')}
            data={options}
            value={studentIds}
            onChange={setStudentIds}
            searchable
            required
            maxValues={20}
          />
          <Group justify="flex-end">
            <Button
              type="submit"
              disabled={
                !email.trim() || !firstName.trim() || !lastName.trim() || !studentIds.length
              }
              loading={send.isPending}
            >
              {t('guardian.settings.invite')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** The students and the guardian being invited, and the invitation itself. */
function useGuardianInvite() {
  const t = useT();
  const client = useQueryClient();
  const students = useQuery({
    queryKey: queryKeys.schoolStudents,
    queryFn: () => unwrap(api.school.students()),
  });
  const [email, setEmail] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [studentIds, setStudentIds] = useState<string[]>([]);
  const [language, setLanguage] = useState<Language>('en');
  const [result, setResult] = useState<FormResult | null>(null);
  // Not mailed: the link to hand over (docs/decisions/132-invitations-without-mail.md).
  const [shown, setShown] = useState<{ name: string; sent: GuardianInviteResponse } | null>(null);
  const send = useMutation({
    mutationFn: async () => {
      const r = await api.settings.inviteGuardian({
        body: {
          email: email.trim(),
          firstName: firstName.trim(),
          lastName: lastName.trim(),
          studentIds,
          language,
        },
      });
      if (isFailure(r)) throw new Error(r.message);
      return r;
    },
    onSuccess: (r) => {
      setShown(r.link ? { name: `${firstName.trim()} ${lastName.trim()}`, sent: r } : null);
      setResult(
        r.link
          ? null
          : {
              ok: true,
              text: t(r.invited ? 'guardian.settings.invited' : 'guardian.settings.linked', {
                email: r.email,
              }),
            },
      );
      setEmail('');
      setFirstName('');
      setLastName('');
      setStudentIds([]);
      void client.invalidateQueries({ queryKey: GUARDIANS_KEY });
      void invalidateAfter(client, 'invitations');
    },
    onError: (err) => {
      setShown(null);
      setResult({ ok: false, text: err.message });
    },
  });
  const shownLink = shown?.sent.link;
  const options = (students.data ?? []).map((s) => ({
    value: s._id,
    label: s.gradeLevel
      ? t('guardian.settings.studentOption', { name: fullName(s), grade: s.gradeLevel })
      : fullName(s),
  }));
  return {
    email,
    setEmail,
    firstName,
    setFirstName,
    lastName,
    setLastName,
    studentIds,
    setStudentIds,
    language,
    setLanguage,
    result,
    setResult,
    shown,
    send,
    shownLink,
    options,
  };
}

function GuardianList() {
  const t = useT();
  const list = useQuery({
    queryKey: GUARDIANS_KEY,
    queryFn: () => unwrap(api.settings.guardians()),
  });
  return (
    <Stack gap="md">
      <Title order={2}>{t('guardian.settings.listTitle')}</Title>
      <QueryState query={list} loading={t('guardian.settings.loading')} size="section">
        {(rows) =>
          rows.length === 0 ? (
            <Text c="dimmed">{t('guardian.settings.none')}</Text>
          ) : (
            <TableScroll
              label={t('guardian.settings.caption', { count: rows.length })}
              minWidth={640}
            >
              <Table>
                <Table.Caption>
                  {t('guardian.settings.caption', { count: rows.length })}
                </Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('guardian.settings.name')}</Table.Th>
                    <Table.Th scope="col">{t('guardian.settings.email')}</Table.Th>
                    <Table.Th scope="col">{t('guardian.settings.childrenColumn')}</Table.Th>
                    <Table.Th scope="col">{t('guardian.settings.account')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((g) => (
                    <Table.Tr key={g._id}>
                      <Table.Td>{fullName(g)}</Table.Td>
                      <Table.Td>{g.email ?? ''}</Table.Td>
                      <Table.Td>{g.children.map((c) => fullName(c)).join(', ')}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={g.hasPassword ? 'teal' : 'gray'} tt="none">
                          {t(
                            g.hasPassword ? 'guardian.settings.setUp' : 'guardian.settings.pending',
                          )}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
          )
        }
      </QueryState>
    </Stack>
  );
}
