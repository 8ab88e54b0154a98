import type { ReactNode } from 'react';
import { Box, Container } from '@mantine/core';

/** Every screen's outer box: one width and left edge, so headings do not jump between pages. */
export function Page({ children, maw }: { children: ReactNode; maw?: number }) {
  return (
    <Container size="xl" py="md" w="100%">
      <Box maw={maw}>{children}</Box>
    </Container>
  );
}
