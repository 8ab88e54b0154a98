import { useCallback } from 'react';
import { ROLE_NAME_KEYS, type MessageKey } from '@app/domain';
import { useT } from '../i18n';

/** "SCHOOL_ADMIN" → "School Admin": display text only, no rule (English, for files and mails). */
export const roleName = (role: string): string =>
  role
    .toLowerCase()
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

/** A role's name in the screens' language; a role the app does not know by roleName. */
export function useRoleName(): (role: string) => string {
  const t = useT();
  return useCallback(
    (role) => {
      const key = (ROLE_NAME_KEYS as Partial<Record<string, MessageKey>>)[role];
      return key ? t(key) : roleName(role);
    },
    [t],
  );
}
