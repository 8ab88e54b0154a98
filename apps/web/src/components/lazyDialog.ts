import { useEffect, useState } from 'react';

/**
 * Whether a dialog loaded on first use should be drawn: from its first opening on, so it keeps its
 * closing transition. A page opens with none of the code of the dialogs nobody has opened yet (a
 * class page on a phone's first visit waited for six more files, issue 35).
 */
export function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened);
  if (opened && !once) setOnce(true);
  return once || opened;
}

/** Loads a dialog's code once the page is idle, so that it opens at once when asked for. */
export function usePrefetchWhenIdle(load: () => Promise<unknown>): void {
  useEffect(() => {
    const run = () => void load().catch(() => undefined); // its opening asks again
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(run);
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(run, 2_000);
    return () => clearTimeout(timer);
    // Once per page: `load` is a module's import, the same every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
