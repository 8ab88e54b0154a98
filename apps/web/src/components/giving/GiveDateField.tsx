import { TextInput } from '@mantine/core';
import type { CalendarView } from '../../api';
import { useFormat, useT } from '../../i18n';
import { giveDateProblem } from './giveDate';

/** The school day a give is for: a native date input limited to the giving window. */
export function GiveDateField({
  calendar,
  value,
  onChange,
}: {
  calendar: CalendarView;
  value: string;
  onChange: (d: string) => void;
}) {
  const t = useT();
  const f = useFormat();
  const problem = giveDateProblem(t, f.longDate, calendar, value);
  return (
    <TextInput
      type="date"
      label={t('giving.date')}
      value={value}
      min={calendar.givingStartDate}
      max={calendar.today < calendar.end ? calendar.today : calendar.end}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={problem}
    />
  );
}
