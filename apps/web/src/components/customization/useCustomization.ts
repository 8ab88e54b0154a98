import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { allows } from '@app/domain';
import {
  api,
  queryKeys,
  unwrap,
  type FontOptionInfo,
  type IconOptionInfo,
  type SessionUser,
} from '../../api';
import { loadFont } from './fonts';

/** store/meta as every student screen reads it (the store page, the header, the profile). */
export function useStoreMeta(enabled = true) {
  return useQuery({
    queryKey: queryKeys.storeMeta,
    queryFn: () => unwrap(api.store.meta()),
    enabled,
    staleTime: 60_000,
  });
}

export interface Customization {
  font: FontOptionInfo | null;
  icon: IconOptionInfo | null;
}

/**
 * The font and icon a student chose (owned ones only: the server answers null otherwise), with
 * the font's face loading; nothing for whoever buys neither (`orders:customize`).
 */
export function useCustomization(user: SessionUser | null): Customization {
  const student = user !== null && allows(user, 'orders:customize');
  const meta = useStoreMeta(student);
  const font =
    (student && meta.data?.chosenFont
      ? meta.data.fonts.find((f) => f.id === meta.data?.chosenFont)
      : undefined) ?? null;
  const icon =
    (student && meta.data?.chosenIcon
      ? meta.data.icons.find((i) => i.id === meta.data?.chosenIcon)
      : undefined) ?? null;
  const fontId = font?.id;
  useEffect(() => {
    if (fontId) void loadFont(fontId);
  }, [fontId]);
  return { font, icon };
}
