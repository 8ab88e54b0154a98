import { useState } from 'react';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { shortName } from '@app/domain';
import type { PeriodDetail } from '../../api';
import { CoTeachersEditor } from './CoTeachersEditor';

export function CoTeachersPanel({ period }: { period: PeriodDetail }) {
  const [editing, setEditing] = useState(false);
  return (
    <Card p="lg">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} fz="md">
            Teachers
          </Title>
          {period.isOwner && !editing ? (
            <Button size="xs" variant="light" onClick={() => setEditing(true)}>
              Edit co-teachers
            </Button>
          ) : null}
        </Group>
        <Text fz="sm">
          <Text span c="dimmed" fz="sm">
            Teacher:{' '}
          </Text>
          {shortName(period.teacher)}
        </Text>
        {editing ? (
          <CoTeachersEditor period={period} onDone={() => setEditing(false)} />
        ) : period.coTeacherList.length ? (
          <Group gap="xs">
            {period.coTeacherList.map((t) => (
              <Badge key={t._id} variant="light" color="gray" tt="none" size="lg">
                {shortName(t)}
              </Badge>
            ))}
          </Group>
        ) : (
          <Text fz="sm" c="dimmed">
            No co-teachers
          </Text>
        )}
      </Stack>
    </Card>
  );
}
