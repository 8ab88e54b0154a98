import { Table, Text } from '@mantine/core';
import { fullName, gradeLabel } from '@app/domain';
import type { RosterStudent } from '../../api';
import { HouseBadge } from '../../components/HouseBadge';
import { TableScroll } from '../../components/ScrollRegion';

export function RosterTable({ students, caption }: { students: RosterStudent[]; caption: string }) {
  if (students.length === 0) return <Text c="dimmed">No students match.</Text>;
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
            <Table.Th>Student</Table.Th>
            <Table.Th>Grade</Table.Th>
            <Table.Th>House</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {students.map((s) => (
            <Table.Tr key={s._id}>
              <Table.Td>{fullName(s)}</Table.Td>
              <Table.Td>{s.gradeLevel ? gradeLabel(s.gradeLevel) : '—'}</Table.Td>
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
