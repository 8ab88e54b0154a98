import { useEffect } from 'react';
import { RELEASE_CHECK_INTERVAL_MS } from '@app/domain';
import { checkRelease } from './checkRelease';

/** Checks for a new release on load and every hour. */
export function useReleaseCheck(): void {
  useEffect(() => {
    void checkRelease();
    const timer = setInterval(() => void checkRelease(), RELEASE_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);
}
