import type { ReactNode } from 'react';
import { Text } from '@mantine/core';

/** A table's caption above it, left-aligned and dimmed: what the table holds, read first by screen readers. */
export function TableCaption({ children }: { children: ReactNode }) {
  return (
    <caption style={{ captionSide: 'top', textAlign: 'left', padding: 0, paddingBottom: 8 }}>
      <Text fz="sm" c="dimmed" component="span">
        {children}
      </Text>
    </caption>
  );
}
