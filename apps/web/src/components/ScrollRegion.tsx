import { useEffect, useState, type ReactNode } from 'react';
import { ScrollArea, Table } from '@mantine/core';

/**
 * Props for a scrolling viewport that keyboard users can reach: while its content overflows it
 * takes focus (arrow keys then scroll it), is a region named `label`, and shows the focus ring.
 * A viewport that does not scroll stays out of the Tab order.
 */
function useKeyboardScroll(label: string) {
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    if (!viewport) return;
    const check = () =>
      setOverflows(
        viewport.scrollHeight > viewport.clientHeight + 1 ||
          viewport.scrollWidth > viewport.clientWidth + 1,
      );
    check();
    const observer = new ResizeObserver(check);
    observer.observe(viewport);
    for (const child of viewport.children) observer.observe(child);
    return () => observer.disconnect();
  }, [viewport]);
  return {
    viewportRef: setViewport,
    viewportProps: overflows ? { tabIndex: 0, role: 'region', 'aria-label': label } : {},
    classNames: { viewport: 'scroll-region' },
  };
}

/** A list or panel that scrolls past `mah`, reachable by keyboard (see useKeyboardScroll). */
export function ScrollRegion({
  label,
  mah,
  children,
}: {
  label: string;
  mah: number;
  children: ReactNode;
}) {
  const scroll = useKeyboardScroll(label);
  return (
    <ScrollArea.Autosize mah={mah} type="auto" offsetScrollbars {...scroll}>
      {children}
    </ScrollArea.Autosize>
  );
}

/** Table.ScrollContainer whose horizontal scroll the keyboard can reach (see useKeyboardScroll). */
export function TableScroll({
  label,
  minWidth,
  children,
}: {
  label: string;
  minWidth: number;
  children: ReactNode;
}) {
  const scroll = useKeyboardScroll(label);
  return (
    <Table.ScrollContainer minWidth={minWidth} scrollAreaProps={scroll}>
      {children}
    </Table.ScrollContainer>
  );
}
