import { houseLabel } from '@app/domain';
import { houseDotColor } from '../../components/houses';
import { useT } from '../../i18n';

const DOT = { flex: 'none', width: 10, height: 10, borderRadius: '50%' } as const;

/**
 * A student's house as a small coloured dot, named for screen readers and on hover (the browser's
 * own title: a Tooltip per row cost the class page a tenth of a second on a phone, issue 35); the
 * roster's house legend (HouseLegend) says which colour is which house.
 */
export function HouseDot({ house }: { house: string | null }) {
  const t = useT();
  if (!house) return <span style={DOT} />;
  const name = t('classroom.house', { name: houseLabel(house) });
  return (
    <span
      role="img"
      aria-label={name}
      title={name}
      style={{ ...DOT, background: houseDotColor(house) }}
    />
  );
}
