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
import {
  useMutation,
  useQuery,
  useQueryClient,
  type UseMutationResult,
} from '@tanstack/react-query';
import { fullName, searchByName, type OrderStats } from '@app/domain';
import { afterOrderChange, api, queryKeys, unwrap, type RosterStudent } from '../../api';
import { QueryState } from '../../components/QueryState';
import { OrdersTable } from './OrdersTable';
import { StaffOrderActions } from './OrderActions';
import { useT } from '../../i18n';
import { Rich } from '../../components/Rich';
import { gradeName } from '../../components/orders/words';

const SHOWN = 8;

/** One student at the counter: balance, open orders, and Redeem (Package first where needed). */
function StudentAtCounter({ student, onDone }: { student: RosterStudent; onDone: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const filters = { studentId: student._id, status: 'ACTIVE' as const, store: 'School' as const };
  const stats = useQuery({
    queryKey: queryKeys.orders.stats(student._id),
    queryFn: () => unwrap(api.order.stats({ params: { id: student._id } })),
  });
  const list = useQuery({
    queryKey: queryKeys.orders.ofStore(filters),
    queryFn: () => unwrap(api.order.ofStore({ query: filters })),
  });
  const open = (list.data ?? []).filter((o) => o.status === 'PENDING' || o.status === 'PACKAGED');
  const packaged = open.filter((o) => o.status === 'PACKAGED');
  // Redeeming cannot be undone (only refunded), so it asks first, as one order's Redeem does.
  const [asking, setAsking] = useState(false);
  // Hand over everything packed at once: REDEEMED for this student's packaged orders.
  const redeemAll = useMutation({
    mutationFn: () =>
      unwrap(
        api.order.setStatus({
          body: {
            status: 'REDEEMED',
            users: [student._id],
            orderIds: packaged.map((o) => o._id),
          },
        }),
      ),
    onSuccess: () => {
      setAsking(false);
      void afterOrderChange(queryClient);
    },
  });
  return (
    <Stack gap="sm">
      <CounterHeading student={student} onDone={onDone} />
      <QueryState query={stats} loading={t('orders.loadingStudentOrders')} size="section">
        {(s) => <CounterFigures stats={s} />}
      </QueryState>
      <QueryState query={list} loading={t('orders.loadingStudentOrders')} size="section">
        {() =>
          open.length === 0 ? (
            <Text fz="sm" c="dimmed">
              {t('orders.noOpenOrders')}
            </Text>
          ) : (
            <Stack gap="xs">
              <OrdersTable
                orders={open}
                caption={t('orders.openOrdersOf', { name: fullName(student) })}
                actions={(o) => <StaffOrderActions order={o} />}
              />
              {packaged.length > 1 ? (
                <Group>
                  <Button onClick={() => setAsking(true)}>
                    {t('orders.redeemAll', { count: packaged.length })}
                  </Button>
                  {redeemAll.isError && !asking ? (
                    <Text fz="sm" c="red" role="alert">
                      {redeemAll.error.message}
                    </Text>
                  ) : null}
                </Group>
              ) : null}
              {asking ? (
                <ConfirmRedeemAll
                  count={packaged.length}
                  name={fullName(student)}
                  redeemAll={redeemAll}
                  onCancel={() => (setAsking(false), redeemAll.reset())}
                />
              ) : null}
            </Stack>
          )
        }
      </QueryState>
    </Stack>
  );
}

/** Hands over every packaged order at once, after asking. */
function ConfirmRedeemAll({
  count,
  name,
  redeemAll,
  onCancel,
}: {
  count: number;
  name: string;
  redeemAll: UseMutationResult<unknown, Error, void>;
  onCancel: () => void;
}) {
  const t = useT();
  return (
    <Modal
      opened
      closeButtonProps={{ 'aria-label': t('common.close') }}
      onClose={onCancel}
      title={t('orders.pleaseConfirm')}
      centered
    >
      <Stack gap="md">
        <Text>
          {t('orders.askRedeemAll', {
            count,
            name,
          })}
        </Text>
        {redeemAll.isError ? (
          <Text fz="sm" c="red" role="alert">
            {redeemAll.error.message}
          </Text>
        ) : null}
        <Group>
          <Button onClick={() => redeemAll.mutate()} loading={redeemAll.isPending}>
            {t('orders.yesRedeemThem')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('common.no')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The student's name, grade and id, and Next student. */
function CounterHeading({ student, onDone }: { student: RosterStudent; onDone: () => void }) {
  const t = useT();
  return (
    <Group justify="space-between" align="flex-start">
      <Stack gap={0}>
        <Title order={3} fz="md">
          {fullName(student)}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('orders.gradeAndId', {
            grade: student.gradeLevel ? gradeName(t, student.gradeLevel) : t('orders.noGrade'),
            id: student.externalStudentId,
          })}
        </Text>
      </Stack>
      <Button variant="default" size="xs" onClick={onDone}>
        {t('orders.nextStudent')}
      </Button>
    </Group>
  );
}

/** The student's balance and orders by status. */
function CounterFigures({ stats: s }: { stats: OrderStats }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }}>
      <Text fz="sm">
        <Rich k="orders.counterBalance" values={{ count: s.balance }} />
      </Text>
      <Text fz="sm">
        <Rich k="orders.counterOpen" values={{ count: s.openOrders }} />
      </Text>
      <Text fz="sm">
        <Rich k="orders.counterPackaged" values={{ count: s.counts.PACKAGED }} />
      </Text>
      <Text fz="sm">
        <Rich k="orders.counterRedeemed" values={{ count: s.counts.REDEEMED }} />
      </Text>
    </SimpleGrid>
  );
}

/** Pickup: find the student at the counter by name or ID, then redeem what they came for. */
export function Pickup() {
  const t = useT();
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<RosterStudent | null>(null);
  const students = useQuery({
    queryKey: queryKeys.schoolStudents,
    queryFn: () => unwrap(api.school.students()),
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
          {t('orders.pickup')}
        </Title>
        {chosen ? (
          <StudentAtCounter student={chosen} onDone={() => (setChosen(null), setQuery(''))} />
        ) : (
          <>
            <TextInput
              label={t('orders.findStudent')}
              placeholder={t('orders.findStudentPlaceholder')}
              value={query}
              onChange={(e) => setQuery(e.currentTarget.value)}
              rightSection={
                query ? (
                  <CloseButton aria-label={t('orders.clearSearch')} onClick={() => setQuery('')} />
                ) : null
              }
              maw={420}
            />
            {q && students.isPending ? (
              <Text fz="sm" c="dimmed" role="status">
                {t('orders.loadingStudents')}
              </Text>
            ) : null}
            {q && students.data ? (
              matches.length === 0 ? (
                <Text fz="sm" c="dimmed">
                  {t('orders.noStudentsMatch')}
                </Text>
              ) : (
                <Stack gap={4}>
                  <Stack
                    gap={4}
                    component="ul"
                    aria-label={t('orders.matchingStudents')}
                    style={{ listStyle: 'none', padding: 0, margin: 0 }}
                  >
                    {matches.slice(0, SHOWN).map((s) => (
                      <li key={s._id}>
                        <UnstyledButton
                          onClick={() => setChosen(s)}
                          p={6}
                          style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                        >
                          <Text fz="sm" span fw={600} mr={6}>
                            {t('orders.sortName', { lastName: s.lastName, firstName: s.firstName })}
                          </Text>
                          <Text fz="xs" span c="dimmed">
                            {s.gradeLevel
                              ? t('orders.gradeAndId', {
                                  grade: gradeName(t, s.gradeLevel),
                                  id: s.externalStudentId,
                                })
                              : t('orders.studentId', { id: s.externalStudentId })}
                          </Text>
                        </UnstyledButton>
                      </li>
                    ))}
                  </Stack>
                  {matches.length > SHOWN ? (
                    <Text fz="xs" c="dimmed">
                      {t('orders.moreMatches', { count: matches.length - SHOWN })}
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
