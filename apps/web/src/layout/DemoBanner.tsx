import { Box, Text, type BoxProps } from '@mantine/core';
import { useDemo } from '../session';

/** The banner's words, as issue 19 gives them. */
export const DEMO_BANNER_TEXT = "Demo school: don't enter real student data";

/** The demo notice itself: a labelled region, dark text on a pale yellow strip. */
function DemoNotice(props: BoxProps) {
  return (
    <Box
      {...props}
      component="section"
      aria-label="Demo notice"
      bg="var(--mantine-color-yellow-1)"
      px="md"
      py={6}
      style={{ borderBottom: '1px solid var(--mantine-color-yellow-4)' }}
    >
      <Text fz="sm" fw={600} c="var(--mantine-color-black)" ta="center">
        {DEMO_BANNER_TEXT}
      </Text>
    </Box>
  );
}

/**
 * On every screen, signed in or not, while the demo's published sign-ins work (GET status says so;
 * docs/decisions/081-demo-banner.md).
 */
export function DemoBanner(props: BoxProps) {
  return useDemo() ? <DemoNotice {...props} /> : null;
}
