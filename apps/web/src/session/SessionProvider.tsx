import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, queryKeys, readStored, STORAGE_KEYS, writeStored, type SessionUser } from '../api';
import { allows } from '@app/domain';
import { useLanguage } from '../i18n/context';
import { clearSessionStorage } from './clearStored';
import { loadSessionUser } from './loadUser';
import { SessionContext, type Session, type SessionState } from './SessionContext';

export function SessionProvider({ children }: { children: ReactNode }) {
  const [token, setToken] = useState(() => readStored(STORAGE_KEYS.token));
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  // The lookup runs only when a token exists (docs/spec.md section 4).
  const me = useQuery({
    queryKey: queryKeys.session(token),
    queryFn: loadSessionUser,
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

  const state: SessionState = !token
    ? { status: 'unauthenticated' }
    : me.isPending
      ? { status: 'loading' }
      : me.isError
        ? { status: 'unauthenticated', error: me.error.message }
        : { status: 'authenticated', user: me.data };

  // The user's own language (chosen on /profile) replaces the browser's while signed in; staff
  // screens' words load for those who may open them.
  const { setReader } = useLanguage();
  const user = state.status === 'authenticated' ? state.user : null;
  const language = user?.language ?? null;
  const staff = user !== null && allows(user, 'periods:list');
  useEffect(() => setReader({ language, staff }), [language, staff, setReader]);

  const signIn = useCallback(
    (newToken: string, user: SessionUser) => {
      writeStored(STORAGE_KEYS.token, newToken);
      writeStored(STORAGE_KEYS.userId, user._id);
      writeStored(STORAGE_KEYS.sessionUser, JSON.stringify(user));
      queryClient.setQueryData(queryKeys.session(newToken), user);
      setToken(newToken);
    },
    [queryClient],
  );

  const logout = useCallback(async () => {
    // Start the revoke while the token is still stored; the request reads it synchronously.
    const revoke = api.auth.logout();
    clearSessionStorage();
    queryClient.clear();
    setToken(null);
    navigate('/login');
    await revoke;
  }, [navigate, queryClient]);

  // `state` is derived from token and the query, so those are the memo's inputs.
  const value = useMemo<Session>(
    () => ({ state, signIn, logout }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [token, me.status, me.data, me.error, signIn, logout],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
