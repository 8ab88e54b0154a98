import { useState } from 'react';
import {
  Button,
  Card,
  CloseButton,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fullName, gradeLabel, searchByName } from '@app/domain';
import { afterOrderChange, orders, queryKeys, school, unwrap, type RosterStudent } from '../../api';
import { formatPoints } from '../../components/points';
import { QueryState } from '../../components/QueryState';
import { OrdersTable } from './OrdersTable';
import { StaffOrderActions } from './OrderActions';

const SHOWN = 8;

/** One student at the counter: balance, open orders, and Redeem (Package first where needed). */
function StudentAtCounter({ student, onDone }: { student: RosterStudent; onDone: () => void }) {
  const queryClient = useQueryClient();
  const filters = { studentId: student._id, status: 'ACTIVE' as const, store: 'School' as const };
  const stats = useQuery({
    queryKey: queryKeys.orders.stats(student._id),
    queryFn: () => unwrap(orders.stats(student._id)),
  });
  const list = useQuery({
    queryKey: queryKeys.orders.ofStore(filters),
    queryFn: () => unwrap(orders.ofStore(filters)),
  });
  const open = (list.data ?? []).filter((o) => o.status === 'PENDING' || o.status === 'PACKAGED');
  const packaged = open.filter((o) => o.status === 'PACKAGED');
  // Redeeming cannot be undone (only refunded), so it asks first, as one order's Redeem does.
  const [asking, setAsking] = useState(false);
  // Hand over everything packed at once: REDEEMED for this student's packaged orders.
  const redeemAll = useMutation({
    mutationFn: () =>
      unwrap(
        orders.setStatus({
          status: 'REDEEMED',
          users: [student._id],
          orderIds: packaged.map((o) => o._id),
        }),
      ),
    onSuccess: () => {
      setAsking(false);
      void afterOrderChange(queryClient);
    },
  });
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start">
        <Stack gap={0}>
          <Title order={3} fz="md">
            {fullName(student)}
          </Title>
          <Text fz="sm" c="dimmed">
            {student.gradeLevel ? gradeLabel(student.gradeLevel) : 'No grade'} · ID{' '}
            {student.externalStudentId}
          </Text>
        </Stack>
        <Button variant="default" size="xs" onClick={onDone}>
          Next student
        </Button>
      </Group>
      <QueryState query={stats} loading="Loading the student's orders" size="section">
        {(s) => (
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Text fz="sm">
              Balance <b>{formatPoints(s.balance)}</b>
            </Text>
            <Text fz="sm">
              Open orders <b>{s.openOrders}</b>
            </Text>
            <Text fz="sm">
              Packaged <b>{s.counts.PACKAGED}</b>
            </Text>
            <Text fz="sm">
              Redeemed <b>{s.counts.REDEEMED}</b>
            </Text>
          </SimpleGrid>
        )}
      </QueryState>
      <QueryState query={list} loading="Loading the student's orders" size="section">
        {() =>
          open.length === 0 ? (
            <Text fz="sm" c="dimmed">
              No open orders to hand out.
            </Text>
          ) : (
            <Stack gap="xs">
              <OrdersTable
                orders={open}
                caption={`${fullName(student)}'s open orders`}
                actions={(o) => <StaffOrderActions order={o} />}
              />
              {packaged.length > 1 ? (
                <Group>
                  <Button onClick={() => setAsking(true)}>
                    Redeem all {packaged.length} packaged orders
                  </Button>
                  {redeemAll.isError && !asking ? (
                    <Text fz="sm" c="red" role="alert">
                      {redeemAll.error.message}
                    </Text>
                  ) : null}
                </Group>
              ) : null}
              {asking ? (
                <Modal
                  opened
                  closeButtonProps={{ 'aria-label': 'Close' }}
                  onClose={() => (setAsking(false), redeemAll.reset())}
                  title="Please confirm"
                  centered
                >
                  <Stack gap="md">
                    <Text>
                      Redeem all {packaged.length} packaged orders of {fullName(student)}? They are
                      marked as handed over. This cannot be undone; afterwards an order can only be
                      refunded.
                    </Text>
                    {redeemAll.isError ? (
                      <Text fz="sm" c="red" role="alert">
                        {redeemAll.error.message}
                      </Text>
                    ) : null}
                    <Group>
                      <Button onClick={() => redeemAll.mutate()} loading={redeemAll.isPending}>
                        Yes, redeem them
                      </Button>
                      <Button
                        variant="default"
                        onClick={() => (setAsking(false), redeemAll.reset())}
                      >
                        No
                      </Button>
                    </Group>
                  </Stack>
                </Modal>
              ) : null}
            </Stack>
          )
        }
      </QueryState>
    </Stack>
  );
}

/** Pickup: find the student at the counter by name or ID, then redeem what they came for. */
export function Pickup() {
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<RosterStudent | null>(null);
  const students = useQuery({
    queryKey: queryKeys.schoolStudents,
    queryFn: () => unwrap(school.students()),
    enabled: query.length > 0 || chosen !== null,
  });
  const q = query.trim();
  const matches = q
    ? (students.data ?? []).filter(
        (s) => s.externalStudentId === q || searchByName([s], q).length > 0,
      )
    : [];

  return (
    <Card p="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Pickup
        </Title>
        {chosen ? (
          <StudentAtCounter student={chosen} onDone={() => (setChosen(null), setQuery(''))} />
        ) : (
          <>
            <TextInput
              label="Find a student"
              placeholder="First or last name, or student ID"
              value={query}
              onChange={(e) => setQuery(e.currentTarget.value)}
              rightSection={
                query ? (
                  <CloseButton aria-label="Clear search" onClick={() => setQuery('')} />
                ) : null
              }
              maw={420}
            />
            {q && students.isPending ? (
              <Text fz="sm" c="dimmed" role="status">
                Loading students…
              </Text>
            ) : null}
            {q && students.data ? (
              matches.length === 0 ? (
                <Text fz="sm" c="dimmed">
                  No students match.
                </Text>
              ) : (
                <Stack gap={4}>
                  <Stack
                    gap={4}
                    component="ul"
                    aria-label="Matching students"
                    style={{ listStyle: 'none', padding: 0, margin: 0 }}
                  >
                    {matches.slice(0, SHOWN).map((s) => (
                      <li key={s._id}>
                        <UnstyledButton
                          onClick={() => setChosen(s)}
                          p={6}
                          style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                        >
                          <Text fz="sm" span fw={600}>
                            {s.lastName}, {s.firstName}
                          </Text>{' '}
                          <Text fz="xs" span c="dimmed">
                            {s.gradeLevel ? gradeLabel(s.gradeLevel) : ''} · ID{' '}
                            {s.externalStudentId}
                          </Text>
                        </UnstyledButton>
                      </li>
                    ))}
                  </Stack>
                  {matches.length > SHOWN ? (
                    <Text fz="xs" c="dimmed">
                      {matches.length - SHOWN} more: type more of the name.
                    </Text>
                  ) : null}
                </Stack>
              )
            ) : null}
          </>
        )}
      </Stack>
    </Card>
  );
}
