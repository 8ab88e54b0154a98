import { Badge } from '@mantine/core';
import { houseLabel } from '@app/domain';
import { T } from '../i18n';
import { houseColor } from './houses';

export function HouseBadge({ house }: { house: string | null }) {
  if (!house) return <T k="common.emptyValue" />;
  return (
    <Badge color={houseColor(house) ?? 'gray'} variant="light" tt="none">
      {houseLabel(house)}
    </Badge>
  );
}
