import { useQuery } from '@tanstack/react-query';
import { CONFIG_HIDE_HOW_TO_EARN } from '@app/domain';
import { api, queryKeys, unwrap } from '../api';

/** School codes for which How To Earn is hidden: the global configuration entry's string list. */
export function useHideHowToEarn(enabled: boolean): string[] {
  const q = useQuery({
    queryKey: queryKeys.configuration('global'),
    queryFn: () => unwrap(api.configuration.get({ params: { id: 'global' } })),
    enabled,
    staleTime: 10 * 60_000,
  });
  const entry = Array.isArray(q.data)
    ? q.data.find((e) => e.key === CONFIG_HIDE_HOW_TO_EARN)
    : undefined;
  const list = entry?.valueObject;
  return Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string') : [];
}
