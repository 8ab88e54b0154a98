import { Card, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, queryKeys, unwrap } from '../../api';
import { QueryState } from '../../components/QueryState';
import { PageHeader } from '../../components/PageHeader';
import { Page } from '../../components/Page';
import { useT } from '../../i18n';

/** Development mode only (AccessGate checks GET status's devMode): the schools in this database. */
export default function DevPage() {
  const t = useT();
  const q = useQuery({ queryKey: queryKeys.devSchools, queryFn: () => unwrap(api.dev.schools()) });
  return (
    <Page>
      <PageHeader title={t('layout.pageDeveloper')} description={t('layout.devDescription')} />
      <QueryState query={q} loading={t('layout.devLoading')}>
        {(schools) => (
          <Card p={0}>
            <Table.ScrollContainer minWidth={560}>
              <Table striped verticalSpacing="sm" horizontalSpacing="md">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('layout.devName')}</Table.Th>
                    <Table.Th>{t('layout.devCode')}</Table.Th>
                    <Table.Th>{t('layout.devType')}</Table.Th>
                    <Table.Th>{t('layout.devStoreModel')}</Table.Th>
                    <Table.Th>{t('layout.devId')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {schools.map((s) => (
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
      </QueryState>
    </Page>
  );
}
