import { useState } from 'react';
import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { activity, queryKeys, unwrap, type ActivityItem } from '../../api';
import { ActivityTable } from '../../components/ActivityTable';
import { QueryState } from '../../components/QueryState';
import { ActivityEditModal } from './ActivityEditModal';

const PAGE = 25;

/** The class's latest gives; the giver (or an admin) may edit or delete them. */
export function ClassActivity({ periodId }: { periodId: string }) {
  const [limit, setLimit] = useState(PAGE);
  const [editing, setEditing] = useState<ActivityItem | null>(null);
  const q = useQuery({
    queryKey: queryKeys.activities.ofClass(periodId, limit),
    queryFn: () => unwrap(activity.list({ internalPeriodId: periodId, limit })),
    placeholderData: (prev) => prev,
  });

  return (
    <Card p="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Recent activity
        </Title>
        <QueryState query={q} size="section" loading="Loading activity">
          {(items) =>
            items.length === 0 ? (
              <Text c="dimmed" ta="center" py="md">
                No bonuses or flags in this class yet.
              </Text>
            ) : (
              <>
                <ActivityTable
                  items={items}
                  caption="Newest first"
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
                {items.length >= limit ? (
                  <Button
                    variant="subtle"
                    onClick={() => setLimit((n) => n + PAGE)}
                    loading={q.isFetching}
                  >
                    Show more
                  </Button>
                ) : null}
              </>
            )
          }
        </QueryState>
      </Stack>
      {editing ? <ActivityEditModal item={editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}
