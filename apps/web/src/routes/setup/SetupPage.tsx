import { useState } from 'react';
import {
  Alert,
  Button,
  Container,
  Divider,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { MIN_PASSWORD_LENGTH, PRODUCT_NAME, setupBody, type SetupInput } from '@app/domain';
import { isFailure, queryKeys, setup, unwrap } from '../../api';
import { QueryState } from '../../components/QueryState';
import { useSession } from '../../session';
import { emptySchool, issuesToErrors, SchoolFields } from '../../components/SchoolFields';

type Values = Required<Omit<SetupInput, 'districtName'>> & {
  districtName: string;
  confirm: string;
};

/** Which field a refusal of the server is about, from its message. */
function fieldOf(message: string): string | null {
  if (/setup code/i.test(message)) return 'code';
  if (/school with the code|^school\.code|^code/.test(message)) return 'school.code';
  if (/username/i.test(message)) return 'owner.username';
  if (/password/i.test(message)) return 'owner.password';
  if (/timeZone/.test(message)) return 'school.timeZone';
  return null;
}

function SetupForm() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: {
      code: '',
      districtName: '',
      school: emptySchool(),
      owner: { firstName: '', lastName: '', email: '', username: '', password: '' },
      confirm: '',
    },
    validate: (values) => {
      const { confirm, districtName, ...rest } = values;
      const parsed = setupBody.safeParse({
        ...rest,
        ...(districtName.trim() ? { districtName } : {}),
      });
      const errors = parsed.success ? {} : issuesToErrors(parsed.error.issues);
      if (confirm !== values.owner.password) errors.confirm = 'The passwords do not match';
      return errors;
    },
  });

  const submit = form.onSubmit(async ({ confirm: _c, districtName, ...values }) => {
    setError(null);
    const r = await setup.run({
      ...values,
      ...(districtName.trim() ? { districtName: districtName.trim() } : {}),
    });
    if (isFailure(r)) {
      const field = fieldOf(r.message);
      if (field) form.setFieldError(field, r.message);
      else setError(r.message);
      return;
    }
    signIn(r.token, r.user);
    navigate('/district', { replace: true });
  });

  return (
    <form onSubmit={submit} noValidate aria-describedby="setup-intro">
      <Stack gap="xl">
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
        <Stack gap="md" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <Title order={2} fz="h3" component="legend">
            1. The setup code
          </Title>
          <TextInput
            label="Setup code"
            description="Printed in the server's log at start: the line with “setup code”."
            required
            autoComplete="off"
            spellCheck={false}
            {...form.getInputProps('code')}
          />
        </Stack>
        <Divider />
        <Stack gap="md" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <Title order={2} fz="h3" component="legend">
            2. Your district and first school
          </Title>
          <TextInput
            label="District name"
            description="Optional: the school's name when left empty."
            {...form.getInputProps('districtName')}
          />
          <SchoolFields form={form} prefix="school." />
        </Stack>
        <Divider />
        <Stack gap="md" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <Title order={2} fz="h3" component="legend">
            3. You, the district owner
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="First name"
              required
              autoComplete="given-name"
              {...form.getInputProps('owner.firstName')}
            />
            <TextInput
              label="Last name"
              required
              autoComplete="family-name"
              {...form.getInputProps('owner.lastName')}
            />
            <TextInput
              label="Email"
              type="email"
              required
              autoComplete="email"
              {...form.getInputProps('owner.email')}
            />
            <TextInput
              label="Username"
              description="What you sign in with."
              required
              autoComplete="username"
              {...form.getInputProps('owner.username')}
            />
            <PasswordInput
              label="Password"
              description={`At least ${MIN_PASSWORD_LENGTH} characters; not a common password.`}
              required
              autoComplete="new-password"
              {...form.getInputProps('owner.password')}
            />
            <PasswordInput
              label="Repeat the password"
              required
              autoComplete="new-password"
              {...form.getInputProps('confirm')}
            />
          </SimpleGrid>
        </Stack>
        <Button type="submit" size="md" loading={form.submitting}>
          Set up {PRODUCT_NAME}
        </Button>
      </Stack>
    </form>
  );
}

/** /setup: the first start of a new install, with the one-time code from the server's log. */
export default function SetupPage() {
  const status = useQuery({
    queryKey: queryKeys.setupStatus,
    queryFn: () => unwrap(setup.status()),
    retry: false,
  });
  return (
    <Container size={760} py={48}>
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1}>Set up {PRODUCT_NAME}</Title>
            <Text c="dimmed" id="setup-intro">
              Create your district, its first school and your own account. You will run the
              district&apos;s schools from the district console.
            </Text>
          </Stack>
          <QueryState query={status} loading="Checking this server" size="section">
            {(s) =>
              s.open ? (
                <SetupForm />
              ) : (
                <Stack gap="md" role="status">
                  <Text fw={600}>This server is set up.</Text>
                  <Text>A school exists already, so setup is closed: sign in instead.</Text>
                  <Button component={Link} to="/login">
                    Go to sign in
                  </Button>
                </Stack>
              )
            }
          </QueryState>
        </Stack>
      </Paper>
    </Container>
  );
}
