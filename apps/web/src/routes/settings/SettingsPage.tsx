import { Card, Stack, Tabs, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { Page } from '../../components/Page';
import { PageHeader } from '../../components/PageHeader';
import { useUser } from '../../session';
import { settingsTabsFor } from './tabs';

/** Settings: one tab per section the user may change; the tab is in the URL (?tab=users). */
export default function SettingsPage() {
  const user = useUser();
  const [params, setParams] = useSearchParams();
  if (!user) return null; // AccessGate renders this page only for a signed-in user
  const { visible, active } = settingsTabsFor(user, params.get('tab'));
  return (
    <Page>
      <PageHeader title="Settings" description="How the school runs its rewards and its store." />
      {active === null ? (
        <Card p="lg">
          <Text c="dimmed">There is nothing here you can change.</Text>
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
          <Tabs.List mb="lg" aria-label="Settings sections">
            {visible.map((t) => (
              <Tabs.Tab key={t.id} value={t.id}>
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {visible.map((t) => (
            <Tabs.Panel key={t.id} value={t.id}>
              <Stack>
                <t.Panel user={user} />
              </Stack>
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </Page>
  );
}
