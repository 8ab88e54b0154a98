import { Card, Stack, Tabs, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { Page } from '../../components/Page';
import { PageHeader } from '../../components/PageHeader';
import { useT } from '../../i18n';
import { useUser } from '../../session';
import { LocalDates } from './LocalDates';
import { settingsTabsFor } from './tabs';

/** Settings: one tab per section the user may change; the tab is in the URL (?tab=users). */
export default function SettingsPage() {
  const user = useUser();
  const t = useT();
  const [params, setParams] = useSearchParams();
  if (!user) return null; // AccessGate renders this page only for a signed-in user
  const { visible, active } = settingsTabsFor(user, params.get('tab'));
  return (
    <Page>
      <PageHeader title={t('settings.title')} description={t('settings.description')} />
      {active === null ? (
        <Card p="lg">
          <Text c="dimmed">{t('settings.nothing')}</Text>
        </Card>
      ) : (
        <Tabs
          value={active.id}
          onChange={(id) =>
            id && setParams((p) => ({ ...Object.fromEntries(p), tab: id }), { replace: true })
          }
          keepMounted={false}
          variant="outline"
        >
          <Tabs.List mb="lg" aria-label={t('settings.sections')}>
            {visible.map((tab) => (
              <Tabs.Tab key={tab.id} value={tab.id}>
                {t(tab.label)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {visible.map((tab) => (
            <Tabs.Panel key={tab.id} value={tab.id}>
              <LocalDates>
                <Stack>
                  <tab.Panel user={user} />
                </Stack>
              </LocalDates>
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </Page>
  );
}
