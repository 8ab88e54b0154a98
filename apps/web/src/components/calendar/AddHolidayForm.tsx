import '@mantine/dates/styles.css';
import { Button, Card, Stack, TextInput, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { longDate } from '@app/domain';
import { afterCalendarChange, calendar, unwrap, type CalendarView, type Holiday } from '../../api';
import { ErrorNotice } from '../ErrorNotice';

/** School admins add a holiday (or rename the one on that date). */
export function AddHolidayForm({ cal }: { cal: CalendarView }) {
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { date: null as string | null, name: '' },
    validate: {
      date: (d) =>
        !d
          ? 'Choose the date'
          : d < cal.start || d > cal.end
            ? 'Choose a date in this school year'
            : null,
      name: (n) => (n.trim().length > 60 ? 'At most 60 characters' : null),
    },
    transformValues: ({ date, name }): Holiday => ({
      date: date ?? '',
      name: name.trim() || 'Holiday',
    }),
  });
  const add = useMutation({
    mutationFn: (holiday: Holiday) => unwrap(calendar.addHoliday(holiday)),
    onSuccess: (h) => {
      notifications.show({ color: 'teal', message: `${h.name} on ${longDate(h.date)} added.` });
      form.reset();
      void afterCalendarChange(queryClient);
    },
  });
  return (
    <Card p="lg">
      <form onSubmit={form.onSubmit((holiday) => add.mutate(holiday))} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="lg">
            Add a holiday
          </Title>
          <DateInput
            label="Date"
            placeholder="Pick a date"
            required
            minDate={cal.start}
            maxDate={cal.end}
            defaultDate={cal.today >= cal.start && cal.today <= cal.end ? cal.today : cal.start}
            {...form.getInputProps('date')}
          />
          <TextInput
            label="Name"
            placeholder="Holiday"
            maxLength={60}
            {...form.getInputProps('name')}
          />
          {add.isError ? (
            <ErrorNotice title="Holiday not added" message={add.error.message} />
          ) : null}
          <Button type="submit" loading={add.isPending} disabled={!form.values.date}>
            Add holiday
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
