import { Box, Tooltip } from '@mantine/core';
import { houseLabel } from '@app/domain';
import { houseDotColor } from '../../components/houses';
import { useT } from '../../i18n';

/**
 * A student's house as a small coloured dot, named for screen readers and on hover; the roster's
 * house legend (HouseLegend) says which colour is which house.
 */
export function HouseDot({ house }: { house: string | null }) {
  const t = useT();
  if (!house) return <Box w={10} h={10} style={{ flex: 'none' }} />;
  return (
    <Tooltip label={t('classroom.house', { name: houseLabel(house) })} withArrow openDelay={300}>
      <Box
        role="img"
        aria-label={t('classroom.house', { name: houseLabel(house) })}
        w={10}
        h={10}
        style={{ flex: 'none', borderRadius: '50%', background: houseDotColor(house) }}
      />
    </Tooltip>
  );
}
