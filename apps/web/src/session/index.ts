export { SessionProvider } from './SessionProvider';
export { useSession, useUser, type Session, type SessionState } from './SessionContext';
export { usePeriods } from './usePeriods';
export { useDevMode } from './useDevMode';
