import { useState } from 'react';
import { Alert, Card, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { fullName, matchesName, scopeFor, type SessionUser } from '@app/domain';
import { api, queryKeys, unwrap, type BalancesAt } from '../../api';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Page } from '../../components/Page';
import { PageHeader } from '../../components/PageHeader';
import { pointsColor, signedPoints } from '../../components/points';
import { QueryState } from '../../components/QueryState';
import { TableScroll } from '../../components/ScrollRegion';
import { useSchoolCalendar } from '../../components/useSchoolCalendar';
import { useUser } from '../../session';
import { breakdownEndDates, breakdownRows } from './breakdown';
import { useStudentChoices } from './useStudentChoices';
import { TableCaption } from '../../components/TableCaption';
import { useFormat, useT } from '../../i18n';

/** One student's balance at the end of each pay period of the year, with what they earned and spent in it. */
function Breakdown({ studentId, name }: { studentId: string | null; name: string }) {
  const t = useT();
  const f = useFormat();
  const cal = useSchoolCalendar();
  const endDates = cal.data ? breakdownEndDates(cal.data.start, cal.data.end, cal.data.today) : [];
  const at = useQuery({
    queryKey: queryKeys.balancesAt.of(studentId, endDates),
    // No dates, no call: an empty object (docs/spec.md section 5).
    queryFn: () =>
      endDates.length
        ? unwrap(api.utility.balancesAt({ body: { endDates, studentId: studentId ?? undefined } }))
        : Promise.resolve<BalancesAt>({}),
    enabled: Boolean(cal.data),
  });
  return (
    <QueryState query={cal} loading={t('dashboard.loadingYear')} size="section">
      {(c) => (
        <QueryState query={at} loading={t('dashboard.loadingBalances')} size="section">
          {(answer) => {
            const { opening, rows } = breakdownRows(c.start, c.end, c.today, answer);
            const caption = t('dashboard.breakdownCaption', {
              name,
              start: f.mediumDate(c.start),
              end: f.mediumDate(c.end),
            });
            return (
              <TableScroll label={caption} minWidth={560}>
                <Table verticalSpacing="sm" data-testid="pay-period-table">
                  <TableCaption>{caption}</TableCaption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('dashboard.payPeriod')}</Table.Th>
                      <Table.Th scope="col">{t('dashboard.dates')}</Table.Th>
                      <Table.Th scope="col" ta="right">
                        {t('dashboard.earned')}
                      </Table.Th>
                      <Table.Th scope="col" ta="right">
                        {t('dashboard.spent')}
                      </Table.Th>
                      <Table.Th scope="col" ta="right">
                        {t('dashboard.balanceAtEnd')}
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    <Table.Tr>
                      <Table.Th scope="row" fw={500}>
                        {t('dashboard.carriedIn')}
                      </Table.Th>
                      <Table.Td>{t('dashboard.before', { date: f.mediumDate(c.start) })}</Table.Td>
                      <Table.Td />
                      <Table.Td />
                      <Table.Td ta="right">{f.number(opening)}</Table.Td>
                    </Table.Tr>
                    {rows.map((r) => (
                      <Table.Tr key={r.startDate}>
                        <Table.Th scope="row" fw={500}>
                          {r.current
                            ? t('dashboard.soFar', { label: f.month(r.startDate) })
                            : f.month(r.startDate)}
                        </Table.Th>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          {t('dashboard.dateRange', {
                            start: f.mediumDate(r.startDate),
                            end: f.mediumDate(r.endDate),
                          })}
                        </Table.Td>
                        <Table.Td ta="right">
                          <Text span fz="sm" c={pointsColor(r.earned)}>
                            {signedPoints(r.earned)}
                          </Text>
                        </Table.Td>
                        <Table.Td ta="right">{f.number(r.spent)}</Table.Td>
                        <Table.Td ta="right" fw={600}>
                          {f.number(r.balance)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </TableScroll>
            );
          }}
        </QueryState>
      )}
    </QueryState>
  );
}

/** Staff: choose one of the students they may see, by name. */
function StaffBreakdown({ user }: { user: SessionUser }) {
  const t = useT();
  const choices = useStudentChoices(user);
  const [studentId, setStudentId] = useState<string | null>(null);
  if (choices.scope === 'none') return <Alert color="gray">{t('dashboard.noBalanceRole')}</Alert>;
  if (choices.error) return <ErrorNotice message={choices.error.message} />;
  const chosen = choices.students.find((s) => s._id === studentId);
  return (
    <Stack gap="lg">
      <Select
        label={t('dashboard.student')}
        placeholder={t(choices.isPending ? 'dashboard.loadingStudents' : 'dashboard.typeName')}
        description={t(
          choices.scope === 'periods' ? 'dashboard.yourStudents' : 'dashboard.anyStudent',
        )}
        data={choices.students.map((s) => ({
          value: s._id,
          label: t('classroom.lastFirst', { lastName: s.lastName, firstName: s.firstName }),
        }))}
        filter={({ options, search }) =>
          options.filter(
            (o) =>
              'value' in o &&
              matchesName(
                choices.students.find((s) => s._id === o.value) ?? { firstName: '', lastName: '' },
                search,
              ),
          )
        }
        searchable
        clearable
        nothingFoundMessage={t('dashboard.noStudentMatches')}
        value={studentId}
        onChange={setStudentId}
        maw={420}
        limit={50}
      />
      {chosen ? (
        <Breakdown studentId={chosen._id} name={fullName(chosen)} />
      ) : (
        <Text c="dimmed">{t('dashboard.chooseStudent')}</Text>
      )}
    </Stack>
  );
}

export default function PayPeriodBreakdownPage() {
  const t = useT();
  const user = useUser();
  const own = user !== null && scopeFor(user, 'students:read') === 'own';
  return (
    <Page maw={1000}>
      <PageHeader
        title={t('dashboard.breakdownTitle')}
        description={t('dashboard.breakdownDescription')}
      />
      <Card p="lg">
        <Stack gap="md">
          <Title order={2} fz="lg">
            {t(own ? 'dashboard.yourPayPeriods' : 'dashboard.studentPayPeriods')}
          </Title>
          {user === null ? null : own ? (
            <Breakdown studentId={null} name={fullName(user)} />
          ) : (
            <StaffBreakdown user={user} />
          )}
        </Stack>
      </Card>
    </Page>
  );
}
