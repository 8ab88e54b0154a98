export { SessionProvider } from './SessionProvider';
export { useSession, useUser } from './SessionContext';
export { usePeriods } from './usePeriods';
export { useDemo, useDevMode } from './useDevMode';
