import { useState } from 'react';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { schoolLoginBody, type SchoolLoginBody } from '@app/domain';
import { api, isFailure } from '../../api';
import { schemaValidate } from '../../forms/schemaValidate';
import { useSession } from '../../session';
import { FormAlert } from '../../components/FormAlert';
import { useT } from '../../i18n';
import { useValidationText } from '../../components/words';

/** Sign-in with a school token (a shared device's): the school's code and the token. */
export function SchoolTokenForm() {
  const t = useT();
  const say = useValidationText();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { externalSchoolId: '', token: '' } as SchoolLoginBody,
    validate: schemaValidate<SchoolLoginBody>(
      schoolLoginBody,
      {
        externalSchoolId: t('welcome.schoolCode'),
        token: t('welcome.schoolToken'),
      },
      say,
    ),
    transformValues: (values) => schoolLoginBody.parse(values),
  });
  const submit = form.onSubmit(async (values) => {
    setError(null);
    const r = await api.auth.loginSchool({ body: values });
    if (isFailure(r)) return setError(r.message);
    signIn(r.token, r.user);
    navigate('/', { replace: true });
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t('welcome.tokenForm')}>
      <Stack gap="md">
        <FormAlert text={error} />
        <TextInput
          label={t('welcome.schoolCode')}
          required
          {...form.getInputProps('externalSchoolId')}
        />
        <PasswordInput
          label={t('welcome.schoolToken')}
          autoComplete="off"
          required
          {...form.getInputProps('token')}
        />
        <Button type="submit" variant="light" loading={form.submitting} fullWidth>
          {t('welcome.tokenSubmit')}
        </Button>
      </Stack>
    </form>
  );
}
