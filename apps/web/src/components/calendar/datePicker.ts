import 'dayjs/locale/es';
import { useLanguage } from '../../i18n/context';

/** Mantine's date pickers in the screens' language: month and weekday names, and the date as written. */
export function useDatePickerLanguage(): { locale: string; valueFormat: string } {
  const { language } = useLanguage();
  return {
    locale: language,
    valueFormat: language === 'es' ? 'D [de] MMMM [de] YYYY' : 'MMMM D, YYYY',
  };
}
