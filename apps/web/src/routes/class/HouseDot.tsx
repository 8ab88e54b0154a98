import { Box, Tooltip } from '@mantine/core';
import { houseColor } from '../../components/houses';

const colorOf = (h: string) => {
  const color = houseColor(h);
  return color ? `var(--mantine-color-${color}-filled)` : 'var(--mantine-color-gray-5)';
};

/** A student's house as a small coloured dot (named for screen readers and on hover). */
export function HouseDot({ house }: { house: string | null }) {
  if (!house) return <Box w={10} h={10} style={{ flex: 'none' }} />;
  return (
    <Tooltip label={`House ${house}`} withArrow openDelay={300}>
      <Box
        role="img"
        aria-label={`House ${house}`}
        w={10}
        h={10}
        style={{ flex: 'none', borderRadius: '50%', background: colorOf(house) }}
      />
    </Tooltip>
  );
}
