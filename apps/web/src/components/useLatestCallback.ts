import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A function that never changes identity and always calls the latest `fn`: a memoized child given
 * it is not redrawn because its parent made a new closure (on a phone, a tap redraws only what it
 * changed).
 */
export function useLatestCallback<A extends unknown[], R>(
  fn: (...args: A) => R,
): (...args: A) => R {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
