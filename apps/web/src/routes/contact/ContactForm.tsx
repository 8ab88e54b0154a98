import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { contactBody, fullName, roleLabel } from '@app/domain';
import { isFailure, utility, type ContactBody, type SessionUser } from '../../api';

const ROLE_CHOICES = ['Student', 'Teacher', 'Parent', 'School Admin', 'Staff', 'Other'];
type Field = keyof ContactBody;

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
const LABELS: Record<Field, string> = { userName: 'Name', userSchool: 'School', userEmail: 'Email', userRole: 'Role', userMessage: 'Message' };
const friendly = (field: Field, message: string) => message.replace(field, LABELS[field]);

export function ContactForm({ user, onSent }: { user: SessionUser | null; onSent?: () => void }) {
  const [values, setValues] = useState(() => initialValues(user));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = contactBody.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= friendly(field, issue.message);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    const r = await utility.sendContact(parsed.data);
    setBusy(false);
    if (isFailure(r)) {
      setResult({ ok: false, text: r.message });
      return;
    }
    setResult({ ok: true, text: r.message || 'Thank you! Your message has been sent.' });
    setValues((v) => ({ ...v, userMessage: '' }));
    onSent?.();
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {result ? (
          <Alert color={result.ok ? 'teal' : 'red'} variant="light" role={result.ok ? 'status' : 'alert'}>
            {result.text}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Name" value={values.userName} onChange={(e) => set('userName')(e.currentTarget.value)} error={errors.userName} required />
          <TextInput label="School" value={values.userSchool} onChange={(e) => set('userSchool')(e.currentTarget.value)} error={errors.userSchool} required />
          <TextInput label="Email" type="email" value={values.userEmail} onChange={(e) => set('userEmail')(e.currentTarget.value)} error={errors.userEmail} required />
          {/* A plain input with native suggestions: Mantine's Autocomplete labels its listbox too, making "Role" ambiguous. */}
          <TextInput label="Role" list="contact-role-choices" value={values.userRole} onChange={(e) => set('userRole')(e.currentTarget.value)} error={errors.userRole} required />
          <datalist id="contact-role-choices">
            {ROLE_CHOICES.map((r) => (
              <option key={r} value={r} />
            ))}
          </datalist>
        </SimpleGrid>
        <Textarea label="Message" minRows={5} autosize value={values.userMessage} onChange={(e) => set('userMessage')(e.currentTarget.value)} error={errors.userMessage} required />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            Send message
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
