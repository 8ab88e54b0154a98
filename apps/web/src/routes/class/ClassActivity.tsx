import { useState } from 'react';
import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { queryKeys, type ActivityItem } from '../../api';
import { ActivityPages } from '../../components/ActivityPages';
import { ActivityEditModal } from './ActivityEditModal';

const PAGE = 25;

/** The class's latest gives; the giver (or an admin) may edit or delete them. */
export function ClassActivity({ periodId }: { periodId: string }) {
  const [editing, setEditing] = useState<ActivityItem | null>(null);
  return (
    <Card p="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Recent activity
        </Title>
        <ActivityPages
          queryKey={queryKeys.activities.ofClass(periodId)}
          filters={{ internalPeriodId: periodId }}
          pageSize={PAGE}
          loading="Loading activity"
          empty={
            <Text c="dimmed" ta="center" py="md">
              No bonuses or flags in this class yet.
            </Text>
          }
          caption={() => 'Newest first'}
          showStudent
          actions={(a) =>
            a.canEdit ? (
              <Button
                size="compact-xs"
                variant="light"
                onClick={() => setEditing(a)}
                aria-label={`Edit ${a.activityType} for ${a.student.firstName} ${a.student.lastName}`}
              >
                Edit
              </Button>
            ) : null
          }
        />
      </Stack>
      {editing ? <ActivityEditModal item={editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}
