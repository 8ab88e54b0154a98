import { Table, Text } from '@mantine/core';
import { fullName } from '@app/domain';
import type { RosterStudent } from '../../api';
import { HouseBadge } from '../../components/HouseBadge';
import { TableScroll } from '../../components/ScrollRegion';
import { useLabels } from '../../components/giving/labels';
import { useT } from '../../i18n';

export function RosterTable({ students, caption }: { students: RosterStudent[]; caption: string }) {
  const t = useT();
  const labels = useLabels();
  if (students.length === 0) return <Text c="dimmed">{t('rosters.noStudentsMatch')}</Text>;
  return (
    <TableScroll label={caption} minWidth={420}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <caption style={{ captionSide: 'top', textAlign: 'left', padding: 0 }}>
          <Text fz="sm" c="dimmed" component="span">
            {caption}
          </Text>
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('rosters.student')}</Table.Th>
            <Table.Th>{t('rosters.grade')}</Table.Th>
            <Table.Th>{t('rosters.house')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {students.map((s) => (
            <Table.Tr key={s._id}>
              <Table.Td>{fullName(s)}</Table.Td>
              <Table.Td>
                {s.gradeLevel ? labels.grade(s.gradeLevel) : t('rosters.noGrade')}
              </Table.Td>
              <Table.Td>
                <HouseBadge house={s.house} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
