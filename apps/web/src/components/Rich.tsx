import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { CURRENCY_NAME, type MessageKey } from '@app/domain';
import type { Values } from '../i18n/useT';
import { useOptionalUser } from '../session';

/**
 * A catalogued message with markup in it: <b>…</b> in bold, <link>…</link> by `link`. Gets
 * {currency} and {currencyOne} as useT gives them.
 */
export function Rich({
  k,
  values,
  link,
}: {
  k: MessageKey;
  values?: Values;
  link?: (chunks: ReactNode[]) => ReactNode;
}) {
  const school = useOptionalUser()?.school;
  return (
    <FormattedMessage
      id={k}
      values={{
        currency: school?.currencyName ?? CURRENCY_NAME,
        currencyOne: school?.currencyNameOne ?? CURRENCY_NAME.replace(/s$/, ''),
        ...values,
        b: (chunks: ReactNode[]) => <b>{chunks}</b>,
        link: link ?? ((chunks: ReactNode[]) => chunks),
      }}
    />
  );
}
