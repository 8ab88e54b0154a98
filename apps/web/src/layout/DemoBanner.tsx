import { Box, Text, type BoxProps } from '@mantine/core';
import { useT } from '../i18n';
import { useDemo } from '../session';

/** The demo notice itself (words as issue 19 gives them): a labelled region, dark text on a pale yellow strip. */
function DemoNotice(props: BoxProps) {
  const t = useT();
  return (
    <Box
      {...props}
      component="section"
      aria-label={t('layout.demoNotice')}
      bg="var(--mantine-color-yellow-1)"
      px="md"
      py={6}
      style={{ borderBottom: '1px solid var(--mantine-color-yellow-4)' }}
    >
      <Text fz="sm" fw={600} c="var(--mantine-color-black)" ta="center">
        {t('layout.demoBanner')}
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
