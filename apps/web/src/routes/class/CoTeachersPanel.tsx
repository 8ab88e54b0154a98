import { memo, useState } from 'react';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { shortName } from '@app/domain';
import type { PeriodDetail } from '../../api';
import { useT } from '../../i18n';
import { CoTeachersEditor } from './CoTeachersEditor';

// Memoized: a tap selecting a student on the class page does not redraw it.
export const CoTeachersPanel = memo(function CoTeachersPanel({ period }: { period: PeriodDetail }) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  return (
    <Card p="lg">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} fz="md">
            {t('classroom.teachers')}
          </Title>
          {period.isOwner && !editing ? (
            <Button size="xs" variant="light" onClick={() => setEditing(true)}>
              {t('classroom.editCoTeachers')}
            </Button>
          ) : null}
        </Group>
        <Text fz="sm">
          <Text span c="dimmed" fz="sm">
            {t('classroom.teacherPrefix')}
          </Text>
          {shortName(period.teacher)}
        </Text>
        {editing ? (
          <CoTeachersEditor period={period} onDone={() => setEditing(false)} />
        ) : period.coTeacherList.length ? (
          <Group gap="xs">
            {period.coTeacherList.map((ct) => (
              <Badge key={ct._id} variant="light" color="gray" tt="none" size="lg">
                {shortName(ct)}
              </Badge>
            ))}
          </Group>
        ) : (
          <Text fz="sm" c="dimmed">
            {t('classroom.noCoTeachers')}
          </Text>
        )}
      </Stack>
    </Card>
  );
});
