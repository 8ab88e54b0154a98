import { useUser } from '../../session';
import { VisitorLanding } from './VisitorLanding';
import { Welcome } from './Welcome';

export default function LandingPage() {
  const user = useUser();
  return user ? <Welcome user={user} /> : <VisitorLanding />;
}
