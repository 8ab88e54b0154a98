import '@mantine/dates/styles.css';
import { Button, Card, Stack, TextInput, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { afterCalendarChange, api, unwrap, type CalendarView, type Holiday } from '../../api';
import { useFormat, useT } from '../../i18n';
import { ErrorNotice } from '../ErrorNotice';
import { useDatePickerLanguage } from './datePicker';

/** School admins add a holiday (or rename the one on that date). */
export function AddHolidayForm({ cal }: { cal: CalendarView }) {
  const t = useT();
  const f = useFormat();
  const picker = useDatePickerLanguage();
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { date: null as string | null, name: '' },
    validate: {
      date: (d) =>
        !d
          ? t('calendar.chooseDate')
          : d < cal.start || d > cal.end
            ? t('calendar.dateInYear')
            : null,
      name: (n) => (n.trim().length > 60 ? t('calendar.nameTooLong') : null),
    },
    transformValues: ({ date, name }): Holiday => ({
      date: date ?? '',
      name: name.trim() || t('calendar.holiday'),
    }),
  });
  const add = useMutation({
    mutationFn: (holiday: Holiday) => unwrap(api.calendar.addHoliday({ body: holiday })),
    onSuccess: (h) => {
      notifications.show({
        color: 'teal',
        message: t('calendar.holidayAdded', { name: h.name, date: f.longDate(h.date) }),
      });
      form.reset();
      void afterCalendarChange(queryClient);
    },
  });
  return (
    <Card p="lg">
      <form onSubmit={form.onSubmit((holiday) => add.mutate(holiday))} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {t('calendar.addHoliday')}
          </Title>
          <DateInput
            {...picker}
            label={t('calendar.date')}
            placeholder={t('calendar.pickDate')}
            required
            minDate={cal.start}
            maxDate={cal.end}
            defaultDate={cal.today >= cal.start && cal.today <= cal.end ? cal.today : cal.start}
            {...form.getInputProps('date')}
          />
          <TextInput
            label={t('calendar.name')}
            placeholder={t('calendar.holiday')}
            maxLength={60}
            {...form.getInputProps('name')}
          />
          {add.isError ? (
            <ErrorNotice title={t('calendar.notAdded')} message={add.error.message} />
          ) : null}
          <Button type="submit" loading={add.isPending} disabled={!form.values.date}>
            {t('calendar.addButton')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
