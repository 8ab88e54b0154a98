import { useQuery } from '@tanstack/react-query';
import { api, queryKeys, unwrap } from '../../api';

/** GET settings: the school's settings and its store's state (every tab reads the one query). */
export const useSchoolSettings = () =>
  useQuery({ queryKey: queryKeys.settings.school, queryFn: () => unwrap(api.settings.get()) });
