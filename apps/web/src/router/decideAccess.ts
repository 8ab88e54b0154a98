import { isPathAllowed, matchRoute, type PermissionSubject } from '@app/domain';

export type AccessDecision = 'not-found' | 'loading' | 'render' | 'to-login' | 'to-home';

export interface AccessInput {
  pathname: string;
  session:
    | { status: 'loading' }
    | { status: 'unauthenticated' }
    | { status: 'authenticated'; user: PermissionSubject };
  /** undefined while GET status has not answered yet. */
  devMode: boolean | undefined;
}

/** The access rules of docs/spec.md section 2, as one pure decision (the server still guards every call). */
export function decideAccess({ pathname, session, devMode }: AccessInput): AccessDecision {
  const route = matchRoute(pathname);
  if (!route) return 'not-found';
  if (session.status === 'loading') return 'loading';
  if (route.public) return 'render';
  if (session.status !== 'authenticated') return 'to-login';
  const isDev = route.path === '/dev';
  if (isDev && devMode === undefined) return 'loading';
  return isPathAllowed(session.user, pathname, { devMode: devMode === true })
    ? 'render'
    : 'to-home';
}
