import { useState } from 'react';
import { Button, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { contactBody, fullName, type MessageKey } from '@app/domain';
import { api, isFailure, type ContactBody, type SessionUser } from '../../api';
import { schemaValidate } from '../../forms/schemaValidate';
import { FormAlert, type FormResult } from '../../components/FormAlert';
import { useRoleLabel, useValidationText } from '../../components/words';
import { useT } from '../../i18n';

/** Suggestions for the role field (free text: what the sender says they are). */
const ROLE_CHOICES: MessageKey[] = [
  'welcome.contactRoleStudent',
  'welcome.contactRoleTeacher',
  'welcome.contactRoleParent',
  'welcome.contactRoleSchoolAdmin',
  'welcome.contactRoleStaff',
  'welcome.contactRoleOther',
];

export function ContactForm({ user, onSent }: { user: SessionUser | null; onSent?: () => void }) {
  const t = useT();
  const roleLabel = useRoleLabel();
  const say = useValidationText();
  // Sent as the server reads it (trimmed); transformValues runs only once validation passed.
  const form = useForm({
    initialValues: {
      userName: user ? fullName(user) : '',
      userSchool: user?.school.name ?? '',
      userEmail: '',
      userRole: user ? roleLabel(user.roles) : '',
      userMessage: '',
    } as ContactBody,
    // The shared schema names fields as the API does; the form shows them with their labels.
    validate: schemaValidate<ContactBody>(
      contactBody,
      {
        userName: t('welcome.contactName'),
        userSchool: t('welcome.contactSchool'),
        userEmail: t('welcome.email'),
        userRole: t('welcome.contactRole'),
        userMessage: t('welcome.contactMessage'),
      },
      say,
    ),
    transformValues: (values) => contactBody.parse(values),
  });
  const [result, setResult] = useState<FormResult | null>(null);

  const submit = form.onSubmit(async (values) => {
    const r = await api.utility.sendContact({ body: values });
    if (isFailure(r)) {
      setResult({ ok: false, text: r.message });
      return;
    }
    setResult({ ok: true, text: r.message || t('welcome.contactSent') });
    form.setFieldValue('userMessage', '');
    onSent?.();
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormAlert ok={result?.ok} text={result?.text} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('welcome.contactName')}
            required
            {...form.getInputProps('userName')}
          />
          <TextInput
            label={t('welcome.contactSchool')}
            required
            {...form.getInputProps('userSchool')}
          />
          <TextInput
            label={t('welcome.email')}
            type="email"
            required
            {...form.getInputProps('userEmail')}
          />
          {/* A plain input with native suggestions: Mantine's Autocomplete labels its listbox too, making "Role" ambiguous. */}
          <TextInput
            label={t('welcome.contactRole')}
            list="contact-role-choices"
            required
            {...form.getInputProps('userRole')}
          />
          <datalist id="contact-role-choices">
            {ROLE_CHOICES.map((r) => (
              <option key={r} value={t(r)} />
            ))}
          </datalist>
        </SimpleGrid>
        <Textarea
          label={t('welcome.contactMessage')}
          minRows={5}
          autosize
          required
          {...form.getInputProps('userMessage')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
            {t('welcome.contactSend')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
