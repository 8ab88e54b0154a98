import { memo, useState } from 'react';
import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { queryKeys, type ActivityItem } from '../../api';
import { ActivityPages } from '../../components/ActivityPages';
import { useT } from '../../i18n';
import { ActivityEditModal } from './ActivityEditModal';

const PAGE = 25;

/** The class's latest gives; the giver (or an admin) may edit or delete them. */
// Memoized: a tap selecting a student on the class page does not redraw it.
export const ClassActivity = memo(function ClassActivity({ periodId }: { periodId: string }) {
  const t = useT();
  const [editing, setEditing] = useState<ActivityItem | null>(null);
  return (
    <Card p="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('classroom.recentActivity')}
        </Title>
        <ActivityPages
          queryKey={queryKeys.activities.ofClass(periodId)}
          filters={{ internalPeriodId: periodId }}
          pageSize={PAGE}
          loading={t('activity.loading')}
          empty={
            <Text c="dimmed" ta="center" py="md">
              {t('classroom.noActivity')}
            </Text>
          }
          caption={() => t('classroom.newestFirst')}
          showStudent
          actions={(a) =>
            a.canEdit ? (
              <Button
                size="compact-xs"
                variant="light"
                onClick={() => setEditing(a)}
                aria-label={t('classroom.editActivity', {
                  activity: a.activityType,
                  name: `${a.student.firstName} ${a.student.lastName}`,
                })}
              >
                {t('common.edit')}
              </Button>
            ) : null
          }
        />
      </Stack>
      {editing ? <ActivityEditModal item={editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
});
