import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ActivityOption } from '../../api';
import { givableActions } from '../../components/giving/actionOrder';
import { ActionPicker } from '../../components/giving/ActionPicker';
import { primeAudio } from '../../components/giving/sounds';
import { useActionOptions } from '../../components/giving/useActionOptions';
import { signedPoints } from '../../components/points';
import { QueryState } from '../../components/QueryState';
import { useFormat, useT } from '../../i18n';

/**
 * What each badge gets (issue 35): chosen once among the actions the giver may give (the give
 * panel's picker: bonuses, flags, their custom actions, pinned ones first), then shown in one line
 * with Change.
 */
export function ActionChoice({
  chosen,
  onChoose,
}: {
  chosen: ActivityOption | null;
  onChoose: (action: ActivityOption | null) => void;
}) {
  const t = useT();
  const f = useFormat();
  const { options, togglePinned, deleteCustom } = useActionOptions();
  if (chosen)
    return (
      <Card p="md">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text fw={600} style={{ flex: 1, minWidth: 0 }}>
            {t('scan.giving', { name: chosen.name, points: signedPoints(chosen.points, f.number) })}
          </Text>
          <Button
            variant="default"
            size="sm"
            style={{ flexShrink: 0 }}
            onClick={() => onChoose(null)}
          >
            {t('scan.change')}
          </Button>
        </Group>
      </Card>
    );
  return (
    <Card p="lg">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('scan.chooseTitle')}
        </Title>
        <QueryState query={options} size="section" loading={t('scan.loadingActions')}>
          {(actions) => (
            <ActionPicker
              options={actions}
              chosen={[]}
              onToggle={(id) => {
                // A click: the moment the browser lets the gives' sounds play later.
                primeAudio();
                const action = givableActions(actions).find((a) => a._id === id);
                if (action) onChoose(action);
              }}
              onPin={togglePinned}
              onDeleteCustom={(a) => deleteCustom.mutate(a._id)}
            />
          )}
        </QueryState>
        <Text fz="sm" c="dimmed">
          {t('scan.chooseFirst')}
        </Text>
      </Stack>
    </Card>
  );
}
