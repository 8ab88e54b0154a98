import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { afterCalendarChange, api, unwrap, type Holiday } from '../../api';
import { useFormat, useT } from '../../i18n';
import { ScrollRegion } from '../ScrollRegion';

/** The year's holidays; admins may remove one. */
export function HolidayList({
  holidays,
  canEdit,
  today,
}: {
  holidays: Holiday[];
  canEdit: boolean;
  today: string;
}) {
  const t = useT();
  const f = useFormat();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (date: string) => unwrap(api.calendar.removeHoliday({ params: { date } })),
    onSuccess: () => {
      notifications.show({ color: 'teal', message: t('calendar.removed') });
      void afterCalendarChange(queryClient);
    },
    onError: (err) =>
      notifications.show({ color: 'red', title: t('calendar.notRemoved'), message: err.message }),
  });
  return (
    <Card p="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('calendar.holidays')}
        </Title>
        {holidays.length === 0 ? (
          <Text c="dimmed" fz="sm">
            {t('calendar.noHolidays')}
          </Text>
        ) : (
          <ScrollRegion label={t('calendar.holidays')} mah={520}>
            <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {holidays.map((h) => (
                <Group key={h.date} component="li" justify="space-between" wrap="nowrap">
                  <Stack gap={0}>
                    {/* Past holidays are muted in colour (not faded, which would lose contrast). */}
                    <Text fz="sm" fw={600} c={h.date < today ? 'dimmed' : undefined}>
                      {h.name}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {f.longDate(h.date)}
                    </Text>
                  </Stack>
                  {canEdit ? (
                    <Button
                      size="compact-xs"
                      style={{ flex: 'none' }}
                      variant="subtle"
                      color="red"
                      loading={remove.isPending && remove.variables === h.date}
                      onClick={() => remove.mutate(h.date)}
                      aria-label={t('calendar.removeHoliday', {
                        name: h.name,
                        date: f.longDate(h.date),
                      })}
                    >
                      {t('common.remove')}
                    </Button>
                  ) : null}
                </Group>
              ))}
            </Stack>
          </ScrollRegion>
        )}
      </Stack>
    </Card>
  );
}
