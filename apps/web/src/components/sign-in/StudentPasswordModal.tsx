import { useState } from 'react';
import { Button, Group, Modal, PasswordInput, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MIN_PASSWORD_LENGTH, passwordProblem } from '@app/domain';
import { api, isFailure } from '../../api';
import { FormAlert, type FormResult } from '../FormAlert';
import { useT } from '../../i18n';
import { useValidationText } from '../words';

export interface StudentChoice {
  id: string;
  name: string;
}

/**
 * "Set a password" for a student (docs/decisions/133-sign-in-cards.md): a teacher for a student of
 * their class (chosen here among `students`), an admin for the student of a row of Users and
 * roles (`student`). The answer names the sign-in name the student uses with it.
 */
export function StudentPasswordModal({
  opened,
  onClose,
  student,
  students = [],
}: {
  opened: boolean;
  onClose: () => void;
  /** The student, when the screen already chose one. */
  student?: StudentChoice;
  /** The students to choose from otherwise. */
  students?: readonly StudentChoice[];
}) {
  const t = useT();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        student
          ? t('classroom.password.titleOf', { name: student.name })
          : t('classroom.password.title')
      }
    >
      {opened ? <PasswordForm student={student} students={students} onClose={onClose} /> : null}
    </Modal>
  );
}

function PasswordForm({
  student,
  students,
  onClose,
}: {
  student?: StudentChoice;
  students: readonly StudentChoice[];
  onClose: () => void;
}) {
  const t = useT();
  const say = useValidationText();
  const [result, setResult] = useState<FormResult | null>(null);
  const form = useForm({
    initialValues: { studentId: student?.id ?? '', password: '' },
    validate: {
      studentId: (v) => (v ? null : t('classroom.password.choose')),
      password: (v) => {
        const problem = passwordProblem(v);
        return problem && say(problem);
      },
    },
  });
  const submit = form.onSubmit(async ({ studentId, password }) => {
    setResult(null);
    const r = await api.students.setPassword({ params: { studentId }, body: { password } });
    if (isFailure(r)) return setResult({ ok: false, text: r.message });
    const name = student?.name ?? students.find((s) => s.id === studentId)?.name ?? '';
    setResult({ ok: true, text: t('classroom.password.saved', { name, username: r.username }) });
    form.setFieldValue('password', '');
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text fz="sm" c="dimmed">
          {t('classroom.password.help')}
        </Text>
        <FormAlert ok={result?.ok} text={result?.text} />
        {student ? null : (
          <Select
            label={t('classroom.password.student')}
            placeholder={t('classroom.password.choose')}
            searchable
            required
            data={students.map((s) => ({ value: s.id, label: s.name }))}
            {...form.getInputProps('studentId')}
          />
        )}
        <PasswordInput
          label={t('welcome.newPassword')}
          description={t('welcome.passwordHelp', { count: MIN_PASSWORD_LENGTH })}
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t(result?.ok ? 'common.close' : 'common.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting}>
            {t('classroom.password.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
