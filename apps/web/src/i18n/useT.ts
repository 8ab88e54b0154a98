import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { CURRENCY_NAME, type MessageKey } from '@app/domain';
import { useOptionalUser } from '../session';

export type Values = Record<string, string | number | Date | null | undefined>;
export type Translate = (key: MessageKey, values?: Values) => string;

/** The school's currency names, given to every message as {currency} and {currencyOne}. */
function useCurrency(): { currency: string; currencyOne: string } {
  const school = useOptionalUser()?.school;
  return {
    currency: school?.currencyName ?? CURRENCY_NAME,
    currencyOne: school?.currencyNameOne ?? CURRENCY_NAME.replace(/s$/, ''),
  };
}

/** `t(key, values)`: one catalogued message in the screens' language (typed keys). */
export function useT(): Translate {
  const intl = useIntl();
  const { currency, currencyOne } = useCurrency();
  return useCallback(
    (key, values) =>
      intl.formatMessage({ id: key }, { currency, currencyOne, ...(values as object) }) as string,
    [intl, currency, currencyOne],
  );
}
