import { useState } from 'react';
import { Button, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { contactBody, fullName, roleLabel } from '@app/domain';
import { isFailure, utility, type ContactBody, type SessionUser } from '../../api';
import { schemaValidate } from '../../forms/schemaValidate';
import { FormAlert, type FormResult } from '../../components/FormAlert';

const ROLE_CHOICES = ['Student', 'Teacher', 'Parent', 'School Admin', 'Staff', 'Other'];

function initialValues(user: SessionUser | null): ContactBody {
  return {
    userName: user ? fullName(user) : '',
    userSchool: user?.school.name ?? '',
    userEmail: '',
    userRole: user ? roleLabel(user.roles) : '',
    userMessage: '',
  };
}

// The shared schema names fields as the API does; the form shows them with their labels.
const validate = schemaValidate<ContactBody>(contactBody, {
  userName: 'Name',
  userSchool: 'School',
  userEmail: 'Email',
  userRole: 'Role',
  userMessage: 'Message',
});

export function ContactForm({ user, onSent }: { user: SessionUser | null; onSent?: () => void }) {
  // Sent as the server reads it (trimmed); transformValues runs only once validation passed.
  const form = useForm({
    initialValues: initialValues(user),
    validate,
    transformValues: (values) => contactBody.parse(values),
  });
  const [result, setResult] = useState<FormResult | null>(null);

  const submit = form.onSubmit(async (values) => {
    const r = await utility.sendContact(values);
    if (isFailure(r)) {
      setResult({ ok: false, text: r.message });
      return;
    }
    setResult({ ok: true, text: r.message || 'Thank you! Your message has been sent.' });
    form.setFieldValue('userMessage', '');
    onSent?.();
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormAlert ok={result?.ok} text={result?.text} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Name" required {...form.getInputProps('userName')} />
          <TextInput label="School" required {...form.getInputProps('userSchool')} />
          <TextInput label="Email" type="email" required {...form.getInputProps('userEmail')} />
          {/* A plain input with native suggestions: Mantine's Autocomplete labels its listbox too, making "Role" ambiguous. */}
          <TextInput
            label="Role"
            list="contact-role-choices"
            required
            {...form.getInputProps('userRole')}
          />
          <datalist id="contact-role-choices">
            {ROLE_CHOICES.map((r) => (
              <option key={r} value={r} />
            ))}
          </datalist>
        </SimpleGrid>
        <Textarea
          label="Message"
          minRows={5}
          autosize
          required
          {...form.getInputProps('userMessage')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
            Send message
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
