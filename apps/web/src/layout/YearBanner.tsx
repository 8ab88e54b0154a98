import { Alert, Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { allows } from '@app/domain';
import { api, queryKeys, unwrap, type SessionUser } from '../api';
import { useT } from '../i18n';
import { SPACE } from '../components/space';

/**
 * For whoever may open the school year (the permission table says who): from a month before the
 * year's last day until the next year is open, a banner that leads to the School year tab.
 */
export function YearBanner({ user }: { user: SessionUser }) {
  const t = useT();
  const mayOpen = allows(user, 'settings:schoolYear');
  const q = useQuery({
    queryKey: queryKeys.settings.schoolYear,
    queryFn: () => unwrap(api.settings.schoolYear()),
    enabled: mayOpen,
  });
  if (!mayOpen || !q.data?.openingDue) return null;
  const open = t('layout.yearOpen', { label: q.data.next.label });
  return (
    <Alert color="yellow" mb="md" title={open}>
      {t('layout.yearEnds', { label: q.data.label, ended: q.data.ended ? 'yes' : 'no' })}
      {SPACE}
      {/* The text's own colour, underlined: the primary colour reads 4.4:1 on the yellow alert. */}
      <Anchor component={Link} to="/settings?tab=school-year" c="inherit" underline="always">
        {open}
      </Anchor>
    </Alert>
  );
}
