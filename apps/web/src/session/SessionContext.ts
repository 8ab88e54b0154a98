import { createContext, useContext } from 'react';
import type { SessionUser } from '../api';

export type SessionState =
  | { status: 'loading' }
  | { status: 'authenticated'; user: SessionUser }
  | { status: 'unauthenticated'; error?: string };

export interface Session {
  state: SessionState;
  signIn: (token: string, user: SessionUser) => void;
  logout: () => Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside SessionProvider');
  return s;
}

/** The signed-in user, or null while loading or signed out. */
export function useUser(): SessionUser | null {
  const { state } = useSession();
  return state.status === 'authenticated' ? state.user : null;
}

/** The signed-in user where a session may not be provided at all (words shown before the router). */
export function useOptionalUser(): SessionUser | null {
  const s = useContext(SessionContext);
  return s?.state.status === 'authenticated' ? s.state.user : null;
}
