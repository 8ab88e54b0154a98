import type { ReactNode } from 'react';
import type { MessageKey } from '@app/domain';
import { T } from '../i18n';
import type { Values } from '../i18n/useT';

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
  return (
    <T
      k={k}
      values={{
        ...values,
        b: (chunks: ReactNode[]) => <b>{chunks}</b>,
        link: link ?? ((chunks: ReactNode[]) => chunks),
      }}
    />
  );
}
