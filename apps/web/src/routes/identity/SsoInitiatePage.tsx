import { useEffect, useRef, useState } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { useParams, useSearchParams } from 'react-router';
import { isSsoProvider, SSO_PROVIDER_LABEL } from '@app/domain';
import { api, isFailure } from '../../api';
import { NotFoundPage } from '../not-found/NotFoundPage';
import { AuthCard } from './AuthCard';
import { lastSsoSchool, rememberSsoSchool } from './ssoSchool';
import { FormAlert } from '../../components/FormAlert';
import { useT } from '../../i18n';

/**
 * /login/{provider}/initiate: asks the server for a single-use state for the school's client at the
 * provider and sends the browser there. The school comes from `?school=`, else the last one used
 * here, else the visitor types its code.
 */
export default function SsoInitiatePage() {
  const t = useT();
  const { provider } = useParams();
  const [params] = useSearchParams();
  const [school, setSchool] = useState(() => params.get('school') ?? lastSsoSchool());
  const [error, setError] = useState<string | null>(null);
  const [going, setGoing] = useState(false);
  const started = useRef(false);

  const go = async (code: string) => {
    if (!isSsoProvider(provider) || !code.trim()) return;
    setGoing(true);
    setError(null);
    const r = await api.auth.ssoState({ query: { provider, school: code.trim() } });
    if (isFailure(r)) {
      setError(r.message);
      setGoing(false);
      return;
    }
    rememberSsoSchool(code.trim());
    globalThis.location.assign(r.authorizationUrl);
  };

  useEffect(() => {
    // Once: React's development mode runs effects twice, and each state is single-use.
    if (started.current || !school) return;
    started.current = true;
    void go(school);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the school known on arrival starts by itself
  }, []);

  if (!isSsoProvider(provider)) return <NotFoundPage />;
  const label = SSO_PROVIDER_LABEL[provider];
  return (
    <AuthCard
      title={t('welcome.signInWith', { provider: label })}
      intro={t('welcome.ssoIntro', { provider: label })}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void go(school);
        }}
        noValidate
      >
        <Stack gap="md">
          <FormAlert text={error} />
          <TextInput
            label={t('welcome.schoolCode')}
            description={t('welcome.ssoSchoolHelp')}
            required
            value={school}
            onChange={(e) => setSchool(e.currentTarget.value)}
          />
          <Button type="submit" loading={going} disabled={!school.trim()} fullWidth size="md">
            {t('welcome.ssoContinue', { provider: label })}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
