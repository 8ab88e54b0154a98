import type { SchoolProfile, SessionUser } from '../../api';

/**
 * The signed-in user after their school's profile is saved, as POST auth/me would answer it: the
 * school as the answer says (its code, link and house configuration stay), and whether it names
 * them a PBIS coordinator, so tabs, rights and dates follow at once without signing in again.
 */
export function sessionWithProfile(u: SessionUser, p: SchoolProfile): SessionUser {
  const { code: _code, ...fields } = p;
  return {
    ...u,
    pbisCoordinator: p.pbisCoordinatorIds.includes(u._id),
    school: { ...u.school, ...fields },
  };
}
