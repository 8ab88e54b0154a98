import { useState } from 'react';
import { Alert, Card, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { fullName, matchesName, scopeFor, type SessionUser } from '@app/domain';
import { balances, queryKeys, unwrap } from '../../api';
import { shortDate } from '../../components/ActivityTable';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Page } from '../../components/Page';
import { PageHeader } from '../../components/PageHeader';
import { formatPoints, pointsColor, signedPoints } from '../../components/points';
import { QueryState } from '../../components/QueryState';
import { TableScroll } from '../../components/ScrollRegion';
import { useSchoolCalendar } from '../../components/useSchoolCalendar';
import { useUser } from '../../session';
import { breakdownEndDates, breakdownRows } from './breakdown';
import { useStudentChoices } from './useStudentChoices';
import { TableCaption } from '../../components/TableCaption';

/** One student's balance at the end of each pay period of the year, with what they earned and spent in it. */
function Breakdown({ studentId, name }: { studentId: string | null; name: string }) {
  const cal = useSchoolCalendar();
  const endDates = cal.data ? breakdownEndDates(cal.data.start, cal.data.end, cal.data.today) : [];
  const at = useQuery({
    queryKey: queryKeys.balancesAt.of(studentId, endDates),
    queryFn: () => unwrap(balances.at(endDates, studentId ?? undefined)),
    enabled: Boolean(cal.data),
  });
  return (
    <QueryState query={cal} loading="Loading the school year" size="section">
      {(c) => (
        <QueryState query={at} loading="Loading balances" size="section">
          {(answer) => {
            const { opening, rows } = breakdownRows(c.start, c.end, c.today, answer);
            const caption = `${name}: balance at the end of each pay period (calendar month) of the school year ${shortDate(c.start)} to ${shortDate(c.end)}`;
            return (
              <TableScroll label={caption} minWidth={560}>
                <Table verticalSpacing="sm" data-testid="pay-period-table">
                  <TableCaption>{caption}</TableCaption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Pay period</Table.Th>
                      <Table.Th scope="col">Dates</Table.Th>
                      <Table.Th scope="col" ta="right">
                        Earned
                      </Table.Th>
                      <Table.Th scope="col" ta="right">
                        Spent
                      </Table.Th>
                      <Table.Th scope="col" ta="right">
                        Balance at end
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    <Table.Tr>
                      <Table.Th scope="row" fw={500}>
                        Carried into the year
                      </Table.Th>
                      <Table.Td>Before {shortDate(c.start)}</Table.Td>
                      <Table.Td />
                      <Table.Td />
                      <Table.Td ta="right">{formatPoints(opening)}</Table.Td>
                    </Table.Tr>
                    {rows.map((r) => (
                      <Table.Tr key={r.startDate}>
                        <Table.Th scope="row" fw={500}>
                          {r.label}
                          {r.current ? ' (so far)' : ''}
                        </Table.Th>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          {shortDate(r.startDate)} – {shortDate(r.endDate)}
                        </Table.Td>
                        <Table.Td ta="right">
                          <Text span fz="sm" c={pointsColor(r.earned)}>
                            {signedPoints(r.earned)}
                          </Text>
                        </Table.Td>
                        <Table.Td ta="right">{formatPoints(r.spent)}</Table.Td>
                        <Table.Td ta="right" fw={600}>
                          {formatPoints(r.balance)}
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
  const choices = useStudentChoices(user);
  const [studentId, setStudentId] = useState<string | null>(null);
  if (choices.scope === 'none')
    return <Alert color="gray">Your roles do not include reading students’ balances.</Alert>;
  if (choices.error) return <ErrorNotice message={choices.error.message} />;
  const chosen = choices.students.find((s) => s._id === studentId);
  return (
    <Stack gap="lg">
      <Select
        label="Student"
        placeholder={choices.isPending ? 'Loading students…' : 'Type a first or last name'}
        description={
          choices.scope === 'periods' ? 'The students of your classes' : 'Any student of the school'
        }
        data={choices.students.map((s) => ({
          value: s._id,
          label: `${s.lastName}, ${s.firstName}`,
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
        nothingFoundMessage="No student matches"
        value={studentId}
        onChange={setStudentId}
        maw={420}
        limit={50}
      />
      {chosen ? (
        <Breakdown studentId={chosen._id} name={fullName(chosen)} />
      ) : (
        <Text c="dimmed">Choose a student to see their balance by pay period.</Text>
      )}
    </Stack>
  );
}

export default function PayPeriodBreakdownPage() {
  const user = useUser();
  const own = user !== null && scopeFor(user, 'students:read') === 'own';
  return (
    <Page maw={1000}>
      <PageHeader
        title="Pay Period Breakdown"
        description="The balance at the end of each pay period, and what was earned and spent in it."
      />
      <Card p="lg">
        <Stack gap="md">
          <Title order={2} fz="lg">
            {own ? 'Your pay periods' : 'A student’s pay periods'}
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
