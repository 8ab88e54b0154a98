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
import { api, isFailure, queryKeys, unwrap } from '../../api';
import { QueryState } from '../../components/QueryState';
import { useSession } from '../../session';
import { emptySchool, issuesToErrors, SchoolFields } from '../../components/SchoolFields';
import { useT } from '../../i18n';
import { useValidationText } from '../../components/words';

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
  const t = useT();
  const { error, form, submit } = useSetupForm();
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
            {t('welcome.setupStepCode')}
          </Title>
          <TextInput
            label={t('welcome.setupCode')}
            description={t('welcome.setupCodeHelp')}
            required
            autoComplete="off"
            spellCheck={false}
            {...form.getInputProps('code')}
          />
        </Stack>
        <Divider />
        <Stack gap="md" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <Title order={2} fz="h3" component="legend">
            {t('welcome.setupStepDistrict')}
          </Title>
          <TextInput
            label={t('welcome.districtName')}
            description={t('welcome.districtNameHelp')}
            {...form.getInputProps('districtName')}
          />
          <SchoolFields form={form} prefix="school." />
        </Stack>
        <Divider />
        <Stack gap="md" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <Title order={2} fz="h3" component="legend">
            {t('welcome.setupStepOwner')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('welcome.firstName')}
              required
              autoComplete="given-name"
              {...form.getInputProps('owner.firstName')}
            />
            <TextInput
              label={t('welcome.lastName')}
              required
              autoComplete="family-name"
              {...form.getInputProps('owner.lastName')}
            />
            <TextInput
              label={t('welcome.email')}
              type="email"
              required
              autoComplete="email"
              {...form.getInputProps('owner.email')}
            />
            <TextInput
              label={t('welcome.username')}
              description={t('welcome.usernameHelp')}
              required
              autoComplete="username"
              {...form.getInputProps('owner.username')}
            />
            <PasswordInput
              label={t('welcome.password')}
              description={t('welcome.passwordHelp', { count: MIN_PASSWORD_LENGTH })}
              required
              autoComplete="new-password"
              {...form.getInputProps('owner.password')}
            />
            <PasswordInput
              label={t('welcome.repeatPassword')}
              required
              autoComplete="new-password"
              {...form.getInputProps('confirm')}
            />
          </SimpleGrid>
        </Stack>
        <Button type="submit" size="md" loading={form.submitting}>
          {t('welcome.setupPageTitle', { product: PRODUCT_NAME })}
        </Button>
      </Stack>
    </form>
  );
}

/** The first school's setup: the fields, their problems, and the call that makes the school. */
function useSetupForm() {
  const t = useT();
  const say = useValidationText();
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
      const errors = parsed.success
        ? {}
        : issuesToErrors(parsed.error.issues.map((i) => ({ ...i, message: say(i.message) })));
      if (confirm !== values.owner.password) errors.confirm = t('welcome.passwordsDiffer');
      return errors;
    },
  });

  const submit = form.onSubmit(async ({ confirm: _c, districtName, ...values }) => {
    setError(null);
    const r = await api.setup.run({
      body: {
        ...values,
        ...(districtName.trim() ? { districtName: districtName.trim() } : {}),
      },
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

  return { error, form, submit };
}

/** /setup: the first start of a new install, with the one-time code from the server's log. */
export default function SetupPage() {
  const t = useT();
  const status = useQuery({
    queryKey: queryKeys.setupStatus,
    queryFn: () => unwrap(api.setup.status()),
    retry: false,
  });
  return (
    <Container size={760} py={48}>
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1}>{t('welcome.setupPageTitle', { product: PRODUCT_NAME })}</Title>
            <Text c="dimmed" id="setup-intro">
              {t('welcome.setupIntro')}
            </Text>
          </Stack>
          <QueryState query={status} loading={t('welcome.setupChecking')} size="section">
            {(s) =>
              s.open ? (
                <SetupForm />
              ) : (
                <Stack gap="md" role="status">
                  <Text fw={600}>{t('welcome.setupDone')}</Text>
                  <Text>{t('welcome.setupClosed')}</Text>
                  <Button component={Link} to="/login">
                    {t('welcome.setupGoSignIn')}
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
