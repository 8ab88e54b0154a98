import { Container } from '@mantine/core';
import { useLocation } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { routeTitle } from '../../components/routeTitle';

/** Routes that exist but whose screens are not built yet: title and one honest line, no fake data. */
export default function NotAvailablePage() {
  const { pathname } = useLocation();
  return (
    <Container size="lg" py="md">
      <PageHeader title={routeTitle(pathname)} />
      <p>This page is not available yet.</p>
    </Container>
  );
}
