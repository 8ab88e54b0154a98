import { useState } from 'react';
import { Badge, Card, SimpleGrid, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { fullName, gradeText, type Child, type MessageKey, type OrderStatus } from '@app/domain';
import { api, unwrap } from '../../api';
import { ActivityPages } from '../../components/ActivityPages';
import { Figure } from '../../components/Figure';
import { Page } from '../../components/Page';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { TableScroll } from '../../components/ScrollRegion';
import { useFormat, useT } from '../../i18n';

const STATUS_KEYS: Record<OrderStatus, MessageKey> = {
  PENDING: 'guardian.status.PENDING',
  PACKAGED: 'guardian.status.PACKAGED',
  REDEEMED: 'guardian.status.REDEEMED',
  REFUNDED: 'guardian.status.REFUNDED',
  CANCELED: 'guardian.status.CANCELED',
};
/** The order screens' colours (the theme's AA shades). */
const STATUS_COLORS: Record<OrderStatus, string> = {
  PENDING: 'yellow',
  PACKAGED: 'blue',
  REDEEMED: 'teal',
  REFUNDED: 'gray',
  CANCELED: 'red',
};

/** What the family page asks the server, per child (read only: nothing here changes anything). */
const familyKeys = {
  children: ['family', 'children'] as const,
  figures: (childId: string) => ['family', childId, 'figures'] as const,
  activity: (childId: string) => ['family', childId, 'activity'] as const,
  orders: (childId: string) => ['family', childId, 'orders'] as const,
};

/**
 * /family: a guardian's home (docs/decisions/115-guardians.md). One tab per child, each with their
 * balance and figures, activity with the teachers' comments, and orders, through the calls staff
 * use with `studentId=`; the server answers them for the guardian's own children only.
 */
export default function FamilyPage() {
  const t = useT();
  const children = useQuery({
    queryKey: familyKeys.children,
    queryFn: () => unwrap(api.guardian.children()),
  });
  return (
    <Page maw={1000}>
      <PageHeader
        title={t('guardian.family.title')}
        description={t('guardian.family.description')}
      />
      <QueryState query={children} loading={t('guardian.family.loadingChildren')}>
        {(list) =>
          list.length === 0 ? (
            <Text c="dimmed">{t('guardian.family.none')}</Text>
          ) : (
            <ChildTabs list={list} />
          )
        }
      </QueryState>
    </Page>
  );
}

function ChildTabs({ list }: { list: Child[] }) {
  const t = useT();
  const [active, setActive] = useState<string | null>(list[0]!._id);
  return (
    <Tabs value={active} onChange={setActive} keepMounted={false}>
      <Tabs.List aria-label={t('guardian.family.children')} mb="lg">
        {list.map((c) => (
          <Tabs.Tab key={c._id} value={c._id}>
            {fullName(c)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {list.map((c) => (
        <Tabs.Panel key={c._id} value={c._id}>
          <ChildPanel child={c} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

function ChildPanel({ child }: { child: Child }) {
  const t = useT();
  const name = fullName(child);
  return (
    <Stack gap="lg">
      {child.gradeLevel ? <Text c="dimmed">{gradeText(t, child.gradeLevel)}</Text> : null}
      <Figures childId={child._id} />
      <Card p="lg">
        <Stack gap="md">
          <Title order={2} fz="lg">
            {t('guardian.family.activity')}
          </Title>
          <ActivityPages
            queryKey={familyKeys.activity(child._id)}
            filters={{ studentId: child._id }}
            pageSize={25}
            loading={t('guardian.family.loadingActivity')}
            empty={
              <Text c="dimmed" ta="center" py="lg">
                {t('guardian.family.noActivity')}
              </Text>
            }
            caption={(count) => t('guardian.family.activityCaption', { count, name })}
          />
        </Stack>
      </Card>
      <ChildOrders childId={child._id} name={name} />
    </Stack>
  );
}

function Figures({ childId }: { childId: string }) {
  const t = useT();
  const f = useFormat();
  const stats = useQuery({
    queryKey: familyKeys.figures(childId),
    queryFn: () => unwrap(api.utility.dashboardStats({ query: { studentId: childId } })),
  });
  return (
    <Card p="lg">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('guardian.family.figures')}
        </Title>
        <QueryState query={stats} loading={t('guardian.family.loadingFigures')} size="section">
          {(s) => (
            <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="md">
              <Figure label={t('guardian.family.balance')} value={f.number(s.balance)} />
              <Figure
                label={t('guardian.family.earnedYesterday')}
                value={f.number(s.earnedYesterday)}
              />
              <Figure
                label={t('guardian.family.yearEarned')}
                value={f.number(s.memberStatus.yearEarned)}
              />
              <Figure label={t('guardian.family.totalEarned')} value={f.number(s.totalEarned)} />
              <Figure label={t('guardian.family.totalSpent')} value={f.number(s.totalSpent)} />
            </SimpleGrid>
          )}
        </QueryState>
      </Stack>
    </Card>
  );
}

function ChildOrders({ childId, name }: { childId: string; name: string }) {
  const t = useT();
  const f = useFormat();
  const list = useQuery({
    queryKey: familyKeys.orders(childId),
    queryFn: () => unwrap(api.order.mine({ query: { studentId: childId, status: 'ALL' } })),
  });
  return (
    <Card p="lg">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('guardian.family.orders')}
        </Title>
        <QueryState query={list} loading={t('guardian.family.loadingOrders')} size="section">
          {(rows) =>
            rows.length === 0 ? (
              <Text c="dimmed">{t('guardian.family.noOrders')}</Text>
            ) : (
              <TableScroll label={t('guardian.family.ordersCaption', { name })} minWidth={560}>
                <Table>
                  <Table.Caption>{t('guardian.family.ordersCaption', { name })}</Table.Caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('guardian.family.orderDate')}</Table.Th>
                      <Table.Th scope="col">{t('guardian.family.orderItems')}</Table.Th>
                      <Table.Th scope="col">{t('guardian.family.orderTotal')}</Table.Th>
                      <Table.Th scope="col">{t('guardian.family.orderStatus')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((o) => (
                      <Table.Tr key={o._id}>
                        <Table.Td>{f.mediumDate(o.createdAt)}</Table.Td>
                        <Table.Td>
                          {o.orderItems
                            .map((i) =>
                              t('guardian.family.orderItem', {
                                quantity: i.quantity,
                                name: i.name,
                              }),
                            )
                            .join(', ')}
                        </Table.Td>
                        <Table.Td>{f.number(o.total)}</Table.Td>
                        <Table.Td>
                          <Badge variant="light" color={STATUS_COLORS[o.status]} tt="none">
                            {t(STATUS_KEYS[o.status])}
                          </Badge>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </TableScroll>
            )
          }
        </QueryState>
      </Stack>
    </Card>
  );
}
