import type { ReactNode } from 'react';
import { Badge, Table, Text } from '@mantine/core';
import type { AcademicProjections, DashboardStats } from '../../api';
import { shortDate } from '../../components/ActivityTable';
import { formatPoints, pointsColor, signedPoints } from '../../components/points';
import { TableScroll } from '../../components/ScrollRegion';
import { TableCaption } from '../../components/TableCaption';

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
  return (
    <DataTable
      caption={`Points by category, ${shortDate(stats.startDate)} to ${shortDate(stats.endDate)}`}
      minWidth={320}
      head={
        <>
          <Table.Th>Category</Table.Th>
          <Table.Th ta="right">Points</Table.Th>
          <Table.Th ta="right">Activities</Table.Th>
        </>
      }
    >
      {stats.byCategory.map((c) => (
        <Table.Tr key={c.category}>
          <Table.Td>{c.category}</Table.Td>
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
  if (!stats.recentActivity.length)
    return <Text c="dimmed">No activity yet. Bonuses from your teachers will show here.</Text>;
  return (
    <DataTable
      caption={`Your latest ${stats.recentActivity.length} activities, newest first`}
      minWidth={520}
      head={
        <>
          <Table.Th>Date</Table.Th>
          <Table.Th>Activity</Table.Th>
          <Table.Th>Category</Table.Th>
          <Table.Th ta="right">Points</Table.Th>
          <Table.Th>Given by</Table.Th>
        </>
      }
    >
      {stats.recentActivity.map((a) => (
        <Table.Tr key={a._id}>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{shortDate(a.date)}</Table.Td>
          <Table.Td>{a.activityType}</Table.Td>
          <Table.Td>{a.category}</Table.Td>
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
  if (!stats.pendingOrders.length)
    return (
      <Text c="dimmed">
        No orders waiting. What you buy in the store shows here until you pick it up.
      </Text>
    );
  return (
    <DataTable
      caption="Orders not yet picked up, the soonest delivery first"
      minWidth={520}
      head={
        <>
          <Table.Th>Items</Table.Th>
          <Table.Th>Store</Table.Th>
          <Table.Th ta="right">Total</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Delivery</Table.Th>
        </>
      }
    >
      {stats.pendingOrders.map((o) => (
        <Table.Tr key={o._id}>
          <Table.Td>
            {o.items.map((i) => (i.quantity > 1 ? `${i.name} × ${i.quantity}` : i.name)).join(', ')}
          </Table.Td>
          <Table.Td>{o.store === 'School' ? 'School store' : 'Teacher store'}</Table.Td>
          <Table.Td ta="right">{formatPoints(o.total)}</Table.Td>
          <Table.Td>
            <Badge variant="light" color={o.status === 'PACKAGED' ? 'teal' : 'gray'} tt="none">
              {o.status === 'PACKAGED' ? 'Packaged' : 'Pending'}
            </Badge>
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            {o.estimatedDelivery ? shortDate(o.estimatedDelivery) : 'Not set yet'}
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}

export function ProjectionsTable({ projections }: { projections: AcademicProjections }) {
  const { pace } = projections;
  if (!projections.periods.length)
    return <Text c="dimmed">The school year is over: there is nothing left to project.</Text>;
  return (
    <DataTable
      caption={`At your pace of ${pace.perDay} points a school day (${signedPoints(pace.earned)} over the last ${pace.givingDays} school days), if you spend nothing more`}
      minWidth={600}
      head={
        <>
          <Table.Th>Pay period</Table.Th>
          <Table.Th ta="right">School days left</Table.Th>
          <Table.Th ta="right">Balance by its end</Table.Th>
          <Table.Th>Gem tier</Table.Th>
          <Table.Th>Member level</Table.Th>
        </>
      }
    >
      {projections.periods.map((p) => (
        <Table.Tr key={p.startDate}>
          <Table.Td>{p.label}</Table.Td>
          <Table.Td ta="right">{p.givingDaysLeft}</Table.Td>
          <Table.Td ta="right">{formatPoints(p.projectedBalance)}</Table.Td>
          <Table.Td>{p.projectedTier}</Table.Td>
          <Table.Td>{p.projectedMemberStatus}</Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
