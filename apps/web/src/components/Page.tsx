import type { ReactNode } from 'react';
import { Container } from '@mantine/core';

/** Every screen's outer box: one width, so headings do not jump between pages. */
export function Page({ children }: { children: ReactNode }) {
  return (
    <Container size="xl" py="md" w="100%">
      {children}
    </Container>
  );
}
