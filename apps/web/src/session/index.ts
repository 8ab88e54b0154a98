export { SessionProvider } from './SessionProvider';
export { useOptionalUser, useSession, useUser } from './SessionContext';
export { usePeriods } from './usePeriods';
export { useDemo, useDevMode } from './useDevMode';
