import { Alert, Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { allows } from '@app/domain';
import { queryKeys, schoolYears, unwrap, type SessionUser } from '../api';

/**
 * For whoever may open the school year (the permission table says who): from a month before the
 * year's last day until the next year is open, a banner that leads to the School year tab.
 */
export function YearBanner({ user }: { user: SessionUser }) {
  const mayOpen = allows(user, 'settings:schoolYear');
  const q = useQuery({
    queryKey: queryKeys.settings.schoolYear,
    queryFn: () => unwrap(schoolYears.get()),
    enabled: mayOpen,
  });
  if (!mayOpen || !q.data?.openingDue) return null;
  return (
    <Alert color="yellow" mb="md" title={`Open the ${q.data.next.label} school year`}>
      The {q.data.label} school year {q.data.ended ? 'has ended' : 'ends'}.{' '}
      <Anchor component={Link} to="/settings?tab=school-year">
        Open the {q.data.next.label} school year
      </Anchor>
    </Alert>
  );
}
