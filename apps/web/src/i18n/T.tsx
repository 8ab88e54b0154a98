import type { MessageKey } from '@app/domain';
import { useRich, type RichValues } from './useT';

/**
 * One catalogued message: <T k="common.save" />. Markup in the message is formatted by the value
 * of its tag's name: <T k="store.pickup" values={{ b: (c) => <b>{c}</b> }} />.
 */
export function T({ k, values }: { k: MessageKey; values?: RichValues }) {
  return <>{useRich()(k, values)}</>;
}
