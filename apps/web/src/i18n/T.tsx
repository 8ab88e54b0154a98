import type { MessageKey } from '@app/domain';
import { useT, type Values } from './useT';

/** One catalogued message as text: <T k="common.save" />. */
export function T({ k, values }: { k: MessageKey; values?: Values }) {
  return <>{useT()(k, values)}</>;
}
