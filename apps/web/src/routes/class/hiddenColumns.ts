import { useCallback, useEffect, useState } from 'react';

/** A column header's horizontal extent and name. */
export interface ColumnEdge {
  name: string;
  left: number;
  right: number;
}

/**
 * The columns a horizontally scrolled table hides, on either side of its viewport (a column cut
 * by more than a few pixels counts as hidden): what the "More columns" hint names.
 */
export function hiddenColumns(
  viewport: { left: number; right: number },
  columns: readonly ColumnEdge[],
  slack = 4,
) {
  return {
    before: columns.filter((c) => c.name && c.left < viewport.left - slack).map((c) => c.name),
    after: columns.filter((c) => c.name && c.right > viewport.right + slack).map((c) => c.name),
  };
}

/**
 * Watches a scrolling table viewport (resize and scroll) and says which named columns
 * (`th[data-column]`) are out of view on each side; `scrollBy` moves it a viewport's width.
 */
export function useHiddenColumns() {
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const [hidden, setHidden] = useState<{ before: string[]; after: string[] }>({
    before: [],
    after: [],
  });
  const check = useCallback(() => {
    if (!viewport) return;
    const box = viewport.getBoundingClientRect();
    const columns = [...viewport.querySelectorAll<HTMLElement>('th[data-column]')].map((th) => {
      const r = th.getBoundingClientRect();
      return { name: th.dataset.column ?? '', left: r.left, right: r.right };
    });
    const next = hiddenColumns(box, columns);
    setHidden((prev) =>
      prev.before.join() === next.before.join() && prev.after.join() === next.after.join()
        ? prev
        : next,
    );
  }, [viewport]);
  useEffect(() => {
    if (!viewport) return;
    // A ResizeObserver reports once as soon as it observes: that is the first check.
    const observer = new ResizeObserver(check);
    observer.observe(viewport);
    for (const child of viewport.children) observer.observe(child);
    viewport.addEventListener('scroll', check, { passive: true });
    return () => {
      observer.disconnect();
      viewport.removeEventListener('scroll', check);
    };
  }, [viewport, check]);
  const scrollBy = (dir: 1 | -1) => {
    if (!viewport) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    viewport.scrollBy({
      left: dir * viewport.clientWidth * 0.8,
      behavior: reduce ? 'auto' : 'smooth',
    });
  };
  return { viewportRef: setViewport, hidden, scrollBy };
}
