import { Navigate } from 'react-router';
import { homePath } from '@app/domain';
import { useUser } from '../../session';
import { VisitorLanding } from './VisitorLanding';
import { Welcome } from './Welcome';

export default function LandingPage() {
  const user = useUser();
  // A guardian's home is their family page (docs/decisions/115-guardians.md).
  if (user && homePath(user) !== '/') return <Navigate to={homePath(user)} replace />;
  return user ? <Welcome user={user} /> : <VisitorLanding />;
}
