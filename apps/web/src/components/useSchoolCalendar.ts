import { useQuery } from '@tanstack/react-query';
import { api, queryKeys, unwrap } from '../api';

/** The school year, holidays and today (school time zone), from GET calendar. */
export const useSchoolCalendar = () =>
  useQuery({ queryKey: queryKeys.calendar, queryFn: () => unwrap(api.calendar.get()) });
