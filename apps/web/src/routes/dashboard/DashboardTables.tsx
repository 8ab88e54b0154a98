import type { ReactNode } from 'react';
import { Badge, Table, Text } from '@mantine/core';
import type { AcademicProjections, DashboardStats } from '../../api';
import { useLabels } from '../../components/giving/labels';
import { pointsColor, signedPoints } from '../../components/points';
import { TableScroll } from '../../components/ScrollRegion';
import { TableCaption } from '../../components/TableCaption';
import { useFormat, useT } from '../../i18n';

/** A table with its caption above, scrolling sideways on small screens. */
function DataTable({
  caption,
  minWidth,
  head,
  children,
}: {
  caption: string;
  minWidth: number;
  head: ReactNode;
  children: ReactNode;
}) {
  return (
    <TableScroll label={caption} minWidth={minWidth}>
      <Table verticalSpacing="xs">
        <TableCaption>{caption}</TableCaption>
        <Table.Thead>
          <Table.Tr>{head}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </TableScroll>
  );
}

const Points = ({ n }: { n: number }) => (
  <Text fz="sm" fw={600} c={pointsColor(n)}>
    {signedPoints(n)}
  </Text>
);

export function CategoryTable({ stats }: { stats: DashboardStats }) {
  const t = useT();
  const f = useFormat();
  const labels = useLabels();
  return (
    <DataTable
      caption={t('dashboard.categoryCaption', {
        start: f.mediumDate(stats.startDate),
        end: f.mediumDate(stats.endDate),
      })}
      minWidth={320}
      head={
        <>
          <Table.Th>{t('dashboard.category')}</Table.Th>
          <Table.Th ta="right">{t('dashboard.points')}</Table.Th>
          <Table.Th ta="right">{t('dashboard.activities')}</Table.Th>
        </>
      }
    >
      {stats.byCategory.map((c) => (
        <Table.Tr key={c.category}>
          <Table.Td>{labels.category(c.category)}</Table.Td>
          <Table.Td ta="right">
            <Points n={c.earned} />
          </Table.Td>
          <Table.Td ta="right">{c.count}</Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}

export function RecentTable({ stats }: { stats: DashboardStats }) {
  const t = useT();
  const f = useFormat();
  const labels = useLabels();
  if (!stats.recentActivity.length) return <Text c="dimmed">{t('activity.empty')}</Text>;
  return (
    <DataTable
      caption={t('dashboard.recentCaption', { count: stats.recentActivity.length })}
      minWidth={520}
      head={
        <>
          <Table.Th>{t('dashboard.date')}</Table.Th>
          <Table.Th>{t('dashboard.activity')}</Table.Th>
          <Table.Th>{t('dashboard.category')}</Table.Th>
          <Table.Th ta="right">{t('dashboard.points')}</Table.Th>
          <Table.Th>{t('dashboard.givenBy')}</Table.Th>
        </>
      }
    >
      {stats.recentActivity.map((a) => (
        <Table.Tr key={a._id}>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{f.mediumDate(a.date)}</Table.Td>
          <Table.Td>{a.activityType}</Table.Td>
          <Table.Td>{labels.category(a.category)}</Table.Td>
          <Table.Td ta="right">
            <Points n={a.points} />
          </Table.Td>
          <Table.Td>{a.givenByName}</Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}

export function PendingOrdersTable({ stats }: { stats: DashboardStats }) {
  const t = useT();
  const f = useFormat();
  if (!stats.pendingOrders.length) return <Text c="dimmed">{t('dashboard.noOrders')}</Text>;
  return (
    <DataTable
      caption={t('dashboard.ordersCaption')}
      minWidth={520}
      head={
        <>
          <Table.Th>{t('dashboard.items')}</Table.Th>
          <Table.Th>{t('dashboard.store')}</Table.Th>
          <Table.Th ta="right">{t('dashboard.total')}</Table.Th>
          <Table.Th>{t('dashboard.status')}</Table.Th>
          <Table.Th>{t('dashboard.delivery')}</Table.Th>
        </>
      }
    >
      {stats.pendingOrders.map((o) => (
        <Table.Tr key={o._id}>
          <Table.Td>
            {o.items
              .map((i) =>
                i.quantity > 1
                  ? t('dashboard.itemQuantity', { name: i.name, quantity: i.quantity })
                  : i.name,
              )
              .join(', ')}
          </Table.Td>
          <Table.Td>
            {t(o.store === 'School' ? 'dashboard.schoolStore' : 'dashboard.teacherStore')}
          </Table.Td>
          <Table.Td ta="right">{f.number(o.total)}</Table.Td>
          <Table.Td>
            <Badge variant="light" color={o.status === 'PACKAGED' ? 'teal' : 'gray'} tt="none">
              {t(o.status === 'PACKAGED' ? 'dashboard.packaged' : 'dashboard.pending')}
            </Badge>
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            {o.estimatedDelivery ? f.mediumDate(o.estimatedDelivery) : t('dashboard.notSet')}
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}

export function ProjectionsTable({ projections }: { projections: AcademicProjections }) {
  const t = useT();
  const f = useFormat();
  const labels = useLabels();
  const { pace } = projections;
  if (!projections.periods.length) return <Text c="dimmed">{t('dashboard.yearOver')}</Text>;
  return (
    <DataTable
      caption={t('dashboard.projectionsCaption', {
        perDay: pace.perDay,
        earned: signedPoints(pace.earned),
        days: pace.givingDays,
      })}
      minWidth={600}
      head={
        <>
          <Table.Th>{t('dashboard.payPeriod')}</Table.Th>
          <Table.Th ta="right">{t('dashboard.daysLeft')}</Table.Th>
          <Table.Th ta="right">{t('dashboard.balanceByEnd')}</Table.Th>
          <Table.Th>{t('dashboard.gemTier')}</Table.Th>
          <Table.Th>{t('dashboard.memberLevel')}</Table.Th>
        </>
      }
    >
      {projections.periods.map((p) => (
        <Table.Tr key={p.startDate}>
          <Table.Td>{f.month(p.startDate)}</Table.Td>
          <Table.Td ta="right">{p.givingDaysLeft}</Table.Td>
          <Table.Td ta="right">{f.number(p.projectedBalance)}</Table.Td>
          <Table.Td>{labels.tier(p.projectedTier)}</Table.Td>
          <Table.Td>{labels.tier(p.projectedMemberStatus)}</Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
