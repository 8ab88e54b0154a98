import '@mantine/charts/styles.css';
import type { ReactNode } from 'react';
import { Box, Title } from '@mantine/core';

/** A chart with a heading; the picture is summarised for screen readers (the table beside it has the figures). */
export function ChartFigure({
  title,
  summary,
  children,
}: {
  title: string;
  summary: string;
  children: ReactNode;
}) {
  return (
    <Box>
      <Title order={3} fz="md" mb="xs">
        {title}
      </Title>
      <div role="img" aria-label={summary}>
        {children}
      </div>
    </Box>
  );
}
