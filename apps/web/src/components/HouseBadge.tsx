import { Badge } from '@mantine/core';
import { HOUSE_COLORS, HOUSES } from '@app/domain';

const isKnownHouse = (h: string): h is (typeof HOUSES)[number] => (HOUSES as readonly string[]).includes(h);

export function HouseBadge({ house }: { house: string | null }) {
  if (!house) return <>—</>;
  const color = isKnownHouse(house) ? HOUSE_COLORS[house] : 'gray';
  return (
    <Badge color={color} variant="light" tt="capitalize">
      {house}
    </Badge>
  );
}
