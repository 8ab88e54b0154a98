import { Fragment, createElement, useCallback, useContext, type ReactNode } from 'react';
import type { IntlMessageFormat } from 'intl-messageformat';
import { currencyNames, type Language, type MessageKey } from '@app/domain';
import { useOptionalUser } from '../session';
import type { Catalogue } from './catalogue';
import { LanguageContext } from './context';
import { messageFormat } from './messageFormat';

export type Values = Record<string, string | number | Date | null | undefined>;
/** Values of a message with markup: a tag's value wraps its chunks (`b: (c) => <b>{c}</b>`). */
export type RichValues = Record<
  string,
  string | number | Date | null | undefined | ReactNode | ((chunks: ReactNode[]) => ReactNode)
>;
export type Translate = (key: MessageKey, values?: Values) => string;

/** Each message is built once per catalogue: building costs far more than formatting. */
const built = new WeakMap<Catalogue, Map<MessageKey, IntlMessageFormat>>();

function formatterOf(messages: Catalogue, language: Language, key: MessageKey) {
  let byKey = built.get(messages);
  if (!byKey) built.set(messages, (byKey = new Map()));
  let f = byKey.get(key);
  if (!f) {
    const message = messages[key];
    if (message === undefined) return null;
    // A key whose words are not loaded (a staff area for a student) shows the key itself.
    byKey.set(key, (f = messageFormat(message, language)));
  }
  return f;
}

/**
 * The server's messages ('msg.') are text with simple {name} arguments only (the catalogue test
 * holds them to it): the screens that write one themselves fill it in without ICU.
 */
const serverMessage = (text: string, values: Record<string, unknown>): string =>
  text.replace(/\{(\w+)\}/g, (_all, name: string) => String(values[name] ?? ''));

/**
 * The school's currency names in the screens' language, given to every message as {currency} and
 * {currencyOne} ("Méritos" in Spanish by default).
 */
function useCurrency(language: Language): { currency: string; currencyOne: string } {
  return currencyNames(useOptionalUser()?.school, language);
}

/**
 * One message formatted as React nodes: a literal as it is (the build leaves literals as plain
 * strings), a server message by its simple arguments, the rest by its compiled tree. A key the
 * catalogue lacks cannot pass the typecheck and the catalogue test; it shows plainly.
 */
function useFormatted(): (key: MessageKey, values?: RichValues) => ReactNode {
  const state = useContext(LanguageContext);
  if (!state) throw new Error('useT outside I18nProvider');
  const { messages, language } = state;
  const { currency, currencyOne } = useCurrency(language);
  return useCallback(
    (key, values) => {
      const message = messages[key];
      if (typeof message === 'string' && !/[{}'<]/.test(message)) return message;
      const all = { currency, currencyOne, ...values };
      if (typeof message === 'string' && key.startsWith('msg.')) return serverMessage(message, all);
      const f = formatterOf(messages, language, key);
      if (!f) return key;
      const out = f.format<ReactNode>(all as never);
      return Array.isArray(out)
        ? out.map((part, i) => createElement(Fragment, { key: i }, part as ReactNode))
        : (out as ReactNode);
    },
    [messages, language, currency, currencyOne],
  );
}

/** `t(key, values)`: one catalogued message in the screens' language, as text (typed keys). */
export function useT(): Translate {
  const format = useFormatted();
  return useCallback((key, values) => String(format(key, values)), [format]);
}

/**
 * A message with markup (<b>…</b>, <link>…</link>) as React nodes: each tag is formatted by the
 * function of its name in `values`.
 */
export const useRich = useFormatted;
