import { useState } from 'react';
import { Button, Card, Stack, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { longDate } from '@app/domain';
import { calendar, unwrap, type CalendarView } from '../../api';
import { ErrorNotice } from '../../components/ErrorNotice';

/** School admins add a holiday (or rename the one on that date). */
export function AddHolidayForm({ cal }: { cal: CalendarView }) {
  const queryClient = useQueryClient();
  const [date, setDate] = useState('');
  const [name, setName] = useState('');
  const add = useMutation({
    mutationFn: () => unwrap(calendar.addHoliday({ date, name: name.trim() || 'Holiday' })),
    onSuccess: (h) => {
      notifications.show({ color: 'teal', message: `${h.name} on ${longDate(h.date)} added.` });
      setDate('');
      setName('');
      void queryClient.invalidateQueries({ queryKey: ['calendar'] });
    },
  });
  return (
    <Card p="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate();
        }}
      >
        <Stack gap="sm">
          <Title order={2} fz="lg">
            Add a holiday
          </Title>
          <TextInput type="date" label="Date" required min={cal.start} max={cal.end} value={date} onChange={(e) => setDate(e.currentTarget.value)} />
          <TextInput label="Name" placeholder="Holiday" maxLength={60} value={name} onChange={(e) => setName(e.currentTarget.value)} />
          {add.isError ? <ErrorNotice title="Holiday not added" message={add.error.message} /> : null}
          <Button type="submit" loading={add.isPending} disabled={!date}>
            Add holiday
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
