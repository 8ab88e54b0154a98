import { useState } from 'react';
import { Button, Card, Grid, Group, Stack, Title } from '@mantine/core';
import type { ActivityOption } from '../../api';
import { primeAudio } from '../../components/giving/sounds';
import { Page } from '../../components/Page';
import { PageHeader } from '../../components/PageHeader';
import { useT } from '../../i18n';
import { giveQueue } from '../../offline/give-queue';
import { sendWaitingGives } from '../../offline/send-gives';
import { useUser } from '../../session';
import { ActionChoice } from './ActionChoice';
import { BadgeCamera } from './BadgeCamera';
import { keepAction, keptAction } from './chosenAction';
import { CodeForm } from './CodeForm';
import { RefusedGives, WaitingGives } from './QueuedGives';
import { LatestGive, ScanResults } from './ScanResults';
import { useBadgeDirectory } from './useBadgeDirectory';
import { useOnline, useQueuedGives } from './useQueuedGives';
import { useScanGives } from './useScanGives';

/**
 * /scan (issue 35), phones first: choose what to give once, then each badge the camera reads (or
 * code typed) gives it, with a sound, a buzz, the student's name and Undo for 10 seconds. Online
 * or not: a give is kept on the device and sent when the network returns, in order, once.
 */
export default function ScanPage() {
  const t = useT();
  const user = useUser()!;
  const online = useOnline();
  const [action, setAction] = useState<ActivityOption | null>(() => keptAction(user._id));
  const [camera, setCamera] = useState(false);
  const queued = useQueuedGives(user._id);
  const { results, notice, give, undo } = useScanGives(user, action);
  useBadgeDirectory(user, online);
  const choose = (a: ActivityOption | null) => {
    setAction(a);
    keepAction(user._id, a);
    // Chosen with a click: the camera may open now (a change of action keeps it as it was).
    if (a) setCamera(true);
  };

  return (
    <Page maw={1100}>
      <PageHeader title={t('scan.title')} description={t('scan.description')} />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <WaitingGives
              queued={queued}
              online={online}
              onSendNow={() => void sendWaitingGives(user._id)}
            />
            <ActionChoice chosen={action} onChoose={choose} />
            {action ? (
              <Card p="lg">
                <Stack gap="md">
                  <Group justify="space-between">
                    <Title order={2} fz="lg">
                      {t('scan.cameraTitle')}
                    </Title>
                    <Button
                      variant="default"
                      size="sm"
                      onClick={() => {
                        primeAudio();
                        setCamera((on) => !on);
                      }}
                    >
                      {t(camera ? 'scan.cameraOff' : 'scan.cameraOn')}
                    </Button>
                  </Group>
                  <LatestGive results={results} queued={queued} notice={notice} onUndo={undo} />
                  {camera ? <BadgeCamera onText={(text) => void give(text, true)} /> : null}
                  <CodeForm onCode={(code) => give(code, false)} />
                </Stack>
              </Card>
            ) : null}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <RefusedGives
              queued={queued}
              timeZone={user.school.timeZone}
              onDrop={(g) => void giveQueue.drop(g.idempotencyKey)}
            />
            <ScanResults results={results} queued={queued} notice={notice} onUndo={undo} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Page>
  );
}
