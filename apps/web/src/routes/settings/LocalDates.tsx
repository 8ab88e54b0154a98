import 'dayjs/locale/es';
import type { ReactNode } from 'react';
import { DatesProvider } from '@mantine/dates';
import { useLanguage } from '../../i18n/context';

/** Date pickers (month names, weekdays) in the screens' language. */
export function LocalDates({ children }: { children: ReactNode }) {
  const { language } = useLanguage();
  return <DatesProvider settings={{ locale: language }}>{children}</DatesProvider>;
}
