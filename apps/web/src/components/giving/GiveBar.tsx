import { useEffect, useRef, type ReactNode } from 'react';
import { Box, Container, Group, Stack, Text } from '@mantine/core';
import { useT } from '../../i18n';
import { pointsColor } from '../points';
import './giveBar.css';

interface Props {
  /** Who is chosen: "3 students selected". */
  who: string;
  /** What each will get: "+2 Participation"; null while nothing is chosen. */
  what: string | null;
  /** The points each student gets, for the colour of `what`. */
  pointsEach: number;
  /** The day, when it is not today: "Oct 14, 2025". */
  day?: string | null;
  /** A confirmation, an error: shown above the line. */
  above?: ReactNode;
  /** The Give button and its companions. */
  children: ReactNode;
}

/**
 * The action bar: fixed to the bottom of the window while someone is chosen, so the Give button
 * is always in view, with how many are chosen and what they will get ("3 students selected ·
 * +2 Participation"). It is only rendered while a selection exists, and the page keeps room for
 * it (padding below the page, and scroll padding so a focused control is never behind it), so it
 * never covers content for good.
 */
export function GiveBar({ who, what, pointsEach, day, above, children }: Props) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // Inline, non-inherited properties on <body> and <html>: a custom property on the root (as
    // before) made the browser restyle every element of the page when the bar came and went,
    // 100 ms of a give's tap on a phone (issue 35). Written only when the bar's height changes,
    // from the observer's own measure (after layout, before paint: no forced layout in a tap).
    const { body, documentElement: root } = document;
    let kept = -1;
    const observer = new ResizeObserver(([entry]) => {
      const h = Math.round(entry?.borderBoxSize?.[0]?.blockSize ?? el.offsetHeight);
      if (h === kept) return;
      kept = h;
      body.style.paddingBottom = `${h}px`;
      root.style.scrollPaddingBottom = `${h + 8}px`;
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      body.style.removeProperty('padding-bottom');
      root.style.removeProperty('scroll-padding-bottom');
    };
  }, []);
  return (
    <Box ref={ref} className="give-bar" role="region" aria-label={t('giving.selection')}>
      <Container size="xl" px={0}>
        <Stack gap="xs">
          {above}
          <Group justify="space-between" align="center" gap="xs" wrap="wrap">
            <Text fz="sm" style={{ flex: '1 1 220px', minWidth: 0 }}>
              <Text span fw={700} fz="sm">
                {who}
              </Text>
              {t('giving.separator')}
              {what ? (
                <Text span fw={600} fz="sm" c={pointsColor(pointsEach)}>
                  {what}
                </Text>
              ) : (
                <Text span fz="sm" c="dimmed">
                  {t('giving.chooseAction')}
                </Text>
              )}
              {day ? t('giving.forDay', { day }) : null}
            </Text>
            <Group gap="xs" wrap="nowrap" justify="flex-end" style={{ flex: '1 0 auto' }}>
              {children}
            </Group>
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}
