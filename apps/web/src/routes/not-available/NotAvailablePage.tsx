import { useLocation } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { routeTitle } from '../../components/routeTitle';
import { Page } from '../../components/Page';

/** Routes that exist but whose screens are not built yet: title and one honest line, no fake data. */
export default function NotAvailablePage() {
  const { pathname } = useLocation();
  return (
    <Page>
      <PageHeader title={routeTitle(pathname)} />
      <p>This page is not available yet.</p>
    </Page>
  );
}
