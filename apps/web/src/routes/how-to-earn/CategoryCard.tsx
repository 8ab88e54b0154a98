import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { MessageKey } from '@app/domain';
import type { ActivityOption } from '../../api';
import { pointsColor, signedPoints } from '../../components/points';
import { useCategoryName } from '../../components/words';
import { useFormat, useT } from '../../i18n';
import type { Translate } from '../../i18n/useT';

const BLURBS: Record<string, MessageKey> = {
  Bonuses: 'welcome.earnBlurbBonuses',
  Flags: 'welcome.earnBlurbFlags',
  'Academic Pay Day': 'welcome.earnBlurbAcademicPayDay',
  'Daily Behavior': 'welcome.earnBlurbDailyBehavior',
  'Daily Attendance': 'welcome.earnBlurbDailyAttendance',
};

/** A flag's cost depends on who gives it (the school's flag settings), not on the flag. */
export interface FlagCost {
  admin: number;
  nonAdmin: number;
  /** The Daily Behavior points a flag also costs for its day (0 when the school has none). */
  dailyBehavior: number;
}

/** "+5 Merits": a signed amount in the school's currency. */
const amount = (t: Translate, n: number, format?: (n: number) => string) =>
  t('common.signedPoints', { signed: signedPoints(n, format), count: Math.abs(n) });

/** "−3 Merits from a teacher, −5 from an admin", or one amount when both are the same. */
export function flagCostText(
  c: Pick<FlagCost, 'admin' | 'nonAdmin'>,
  t: Translate,
  format?: (n: number) => string,
): string {
  return c.admin === c.nonAdmin
    ? amount(t, -c.nonAdmin, format)
    : t('welcome.earnFlagCostBoth', {
        teacher: amount(t, -c.nonAdmin, format),
        admin: signedPoints(-c.admin, format),
      });
}

/** One category of the school's options with their points. */
export function CategoryCard({
  category,
  options,
  flagCost,
}: {
  category: string;
  options: ActivityOption[];
  flagCost?: FlagCost;
}) {
  const t = useT();
  const f = useFormat();
  const categoryName = useCategoryName();
  const isFlags = category === 'Flags' && flagCost !== undefined;
  const blurb = BLURBS[category];
  return (
    <Card p="lg" component="section" aria-labelledby={`cat-${category}`}>
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} fz="lg" id={`cat-${category}`}>
            {categoryName(category)}
          </Title>
          <Text fz="sm" c="dimmed">
            {blurb ? t(blurb) : null}
          </Text>
          {isFlags ? (
            <Text fz="sm" c="dimmed">
              {t('welcome.earnFlagCost', {
                cost: flagCostText(flagCost, t, f.number),
                behavior:
                  flagCost.dailyBehavior > 0 ? amount(t, flagCost.dailyBehavior, f.number) : 'none',
              })}
            </Text>
          ) : null}
        </Stack>
        {options.length ? (
          <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {options.map((o) => (
              <Group key={o._id} component="li" justify="space-between" wrap="nowrap" gap="sm">
                <Text fz="sm">{o.name}</Text>
                <Text fz="sm" fw={700} c={pointsColor(o.points)} style={{ whiteSpace: 'nowrap' }}>
                  {amount(t, o.points, f.number)}
                </Text>
              </Group>
            ))}
          </Stack>
        ) : (
          <Text fz="sm" c="dimmed">
            {t('welcome.earnNone')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
