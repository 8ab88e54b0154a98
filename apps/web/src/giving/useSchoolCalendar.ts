import { useQuery } from '@tanstack/react-query';
import { calendar, unwrap } from '../api';

/** The school year, holidays and today (school time zone), from GET calendar. */
export const useSchoolCalendar = () => useQuery({ queryKey: ['calendar'], queryFn: () => unwrap(calendar.get()) });
