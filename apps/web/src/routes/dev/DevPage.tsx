import { Card, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { dev, unwrap } from '../../api';
import { ErrorNotice } from '../../components/ErrorNotice';
import { FullPageLoader } from '../../components/FullPageLoader';
import { PageHeader } from '../../components/PageHeader';
import { Page } from '../../components/Page';

/** Development mode only (AccessGate checks GET status's devMode): the schools in this database. */
export default function DevPage() {
  const q = useQuery({ queryKey: ['dev', 'schools'], queryFn: () => unwrap(dev.schools()) });
  return (
    <Page>
      <PageHeader title="Developer" description="Development mode: the schools in this database." />
      {q.isPending ? (
        <FullPageLoader />
      ) : q.isError ? (
        <ErrorNotice message={q.error.message} />
      ) : (
        <Card p={0}>
          <Table.ScrollContainer minWidth={560}>
            <Table striped verticalSpacing="sm" horizontalSpacing="md">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Code</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Store model</Table.Th>
                  <Table.Th>Id</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {q.data.map((s) => (
                  <Table.Tr key={s._id}>
                    <Table.Td>{s.name}</Table.Td>
                    <Table.Td>{s.externalId}</Table.Td>
                    <Table.Td>{s.schoolType}</Table.Td>
                    <Table.Td>{s.storeModel}</Table.Td>
                    <Table.Td>
                      <Text ff="monospace" fz="xs">
                        {s._id}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
    </Page>
  );
}
