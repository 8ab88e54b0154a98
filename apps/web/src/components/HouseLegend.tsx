import { memo, useId } from 'react';
import { Box, Group, Text } from '@mantine/core';
import { houseLabel } from '@app/domain';
import { T } from '../i18n';
import { houseDotColor } from './houses';

/** A house's colour dot, as the roster shows it. Decorative where its name is written beside it. */
function HouseColorDot({ house, size = 10 }: { house: string; size?: number }) {
  return (
    <Box
      aria-hidden
      w={size}
      h={size}
      style={{ flex: 'none', borderRadius: '50%', background: houseDotColor(house) }}
    />
  );
}

/**
 * What the coloured dots mean: "Houses: ● Altruismo ● Amistad …", as a list of the houses shown.
 * Memoized (a roster's taps do not redraw it): give it the same array while the houses are the same.
 */
export const HouseLegend = memo(function HouseLegend({ houses }: { houses: readonly string[] }) {
  const titleId = useId();
  if (!houses.length) return null;
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text fz="xs" c="dimmed" id={titleId}>
        <T k="common.housesLegend" />
      </Text>
      <Group
        component="ul"
        aria-labelledby={titleId}
        gap="sm"
        wrap="wrap"
        m={0}
        p={0}
        style={{ listStyle: 'none', flex: 1, minWidth: 0 }}
      >
        {houses.map((h) => (
          <Group component="li" key={h} gap={4} wrap="nowrap">
            <HouseColorDot house={h} />
            <Text span fz="xs">
              {houseLabel(h)}
            </Text>
          </Group>
        ))}
      </Group>
    </Group>
  );
});
