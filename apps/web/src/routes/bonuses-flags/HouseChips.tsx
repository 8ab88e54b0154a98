import { Chip, Group, Text } from '@mantine/core';
import { houseLabel } from '@app/domain';
import { useQuery } from '@tanstack/react-query';
import { api, queryKeys, unwrap } from '../../api';
import { ErrorNotice } from '../../components/ErrorNotice';
import { houseColor } from '../../components/houses';
import { useT } from '../../i18n';

/** The school's houses as colour chips. */
export function HouseChips({
  value,
  onChange,
}: {
  value: string[];
  onChange: (houses: string[]) => void;
}) {
  const t = useT();
  const houses = useQuery({
    queryKey: queryKeys.houses,
    queryFn: () => unwrap(api.school.houses()),
  });
  if (houses.isError) return <ErrorNotice message={houses.error.message} />;
  if (houses.isPending) return <Text c="dimmed">{t('classroom.loadingHouses')}</Text>;
  if (!houses.data.length) return <Text c="dimmed">{t('classroom.noHouses')}</Text>;
  return (
    <Chip.Group multiple value={value} onChange={onChange}>
      <Group gap="sm" role="group" aria-label={t('classroom.houses')}>
        {houses.data.map((h) => (
          <Chip
            key={h.name}
            value={h.name}
            color={houseColor(h.name) ?? h.color}
            variant="filled"
            size="md"
          >
            {t('classroom.houseChip', { name: houseLabel(h.name), count: h.studentCount })}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}
