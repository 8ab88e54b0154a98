import type { ReactNode } from 'react';
import { Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { fullName } from '@app/domain';
import type { ActivityItem } from '../api';
import { useFormat, useT } from '../i18n';
import { pointsColor, signedPoints } from './points';
import { TableScroll } from './ScrollRegion';
import { TableCaption } from './TableCaption';
import { useCategoryName } from './words';

const CATEGORY_COLORS: Record<string, string> = {
  Bonuses: 'teal',
  Flags: 'red',
  'Academic Pay Day': 'indigo',
  'Daily Behavior': 'cyan',
  'Daily Attendance': 'blue',
};

interface Props {
  items: ActivityItem[];
  caption: string;
  showStudent?: boolean;
  actions?: (item: ActivityItem) => ReactNode;
}

/** Under a flag: the day's Daily Behavior points it also took back, so the list adds up to what the student lost. */
function TakenBack({ points }: { points: number }) {
  const t = useT();
  const f = useFormat();
  if (!points) return null;
  return (
    <Text fz="xs" c={pointsColor(points)} style={{ whiteSpace: 'nowrap' }}>
      {t('common.takenBack', { points: signedPoints(points, f.number) })}
    </Text>
  );
}

/** Small screens: one card per activity, points on the right. */
function ActivityCards({ items, caption, showStudent, actions }: Props) {
  const t = useT();
  const f = useFormat();
  const categoryName = useCategoryName();
  return (
    <Stack
      gap="xs"
      component="ul"
      aria-label={caption}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {items.map((a) => (
        <Paper key={a._id} component="li" withBorder p="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={2}>
              <Text fz="sm" fw={600}>
                {showStudent
                  ? t('common.activityOfStudent', {
                      activity: a.activityType,
                      student: fullName(a.student),
                    })
                  : a.activityType}
              </Text>
              <Text fz="xs" c="dimmed">
                {t('common.activityMeta', {
                  date: f.mediumDate(a.date),
                  category: categoryName(a.category),
                  givenBy: a.givenByName,
                })}
              </Text>
              {a.comment ? (
                <Text fz="xs" c="dimmed">
                  {t('common.quoted', { text: a.comment })}
                </Text>
              ) : null}
            </Stack>
            <Stack gap={4} align="flex-end">
              <Text fz="md" fw={700} c={pointsColor(a.points)}>
                {signedPoints(a.points, f.number)}
              </Text>
              <TakenBack points={a.behaviorTakenBack} />
              {actions?.(a)}
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/** Activities newest first: bonuses green, flags red. */
export function ActivityTable(props: Props) {
  const small = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  return small ? <ActivityCards {...props} /> : <WideTable {...props} />;
}

function WideTable({ items, caption, showStudent = false, actions }: Props) {
  const t = useT();
  const f = useFormat();
  const categoryName = useCategoryName();
  return (
    <TableScroll label={caption} minWidth={showStudent ? 680 : 560}>
      <Table verticalSpacing="sm" highlightOnHover>
        <TableCaption>{caption}</TableCaption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('common.date')}</Table.Th>
            {showStudent ? <Table.Th>{t('common.student')}</Table.Th> : null}
            <Table.Th>{t('common.activity')}</Table.Th>
            <Table.Th>{t('common.category')}</Table.Th>
            <Table.Th ta="right">{t('common.currency')}</Table.Th>
            <Table.Th>{t('common.givenBy')}</Table.Th>
            {actions ? (
              <Table.Th>
                <Text span fz="sm" fw={700}>
                  {t('common.actions')}
                </Text>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((a) => (
            <Table.Tr key={a._id}>
              <Table.Td>
                <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
                  {f.mediumDate(a.date)}
                </Text>
              </Table.Td>
              {showStudent ? (
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{fullName(a.student)}</Table.Td>
              ) : null}
              <Table.Td>
                <Stack gap={0}>
                  <Text fz="sm" fw={500}>
                    {a.activityType}
                  </Text>
                  {a.comment ? (
                    <Text fz="xs" c="dimmed">
                      {t('common.quoted', { text: a.comment })}
                    </Text>
                  ) : null}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Badge
                  variant="light"
                  color={CATEGORY_COLORS[a.category] ?? 'gray'}
                  tt="none"
                  style={{ overflow: 'visible' }}
                  miw="max-content"
                >
                  {categoryName(a.category)}
                </Badge>
              </Table.Td>
              <Table.Td ta="right">
                <Text fz="sm" fw={700} c={pointsColor(a.points)}>
                  {signedPoints(a.points, f.number)}
                </Text>
                <TakenBack points={a.behaviorTakenBack} />
              </Table.Td>
              <Table.Td>
                <Text fz="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {a.givenByName}
                </Text>
              </Table.Td>
              {actions ? <Table.Td>{actions(a)}</Table.Td> : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
