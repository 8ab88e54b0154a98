import { useCallback } from 'react';
import { roleLabel, ROLE_LABEL_KEYS, type EntryCategory, type MessageKey } from '@app/domain';
import { useT } from '../i18n';

/** The activity categories' names on screen (the data keeps the English value). */
const CATEGORY_KEYS: Record<EntryCategory, MessageKey> = {
  Flags: 'common.categoryFlags',
  Bonuses: 'common.categoryBonuses',
  'Academic Pay Day': 'common.categoryAcademicPayDay',
  'Daily Behavior': 'common.categoryDailyBehavior',
  'Daily Attendance': 'common.categoryDailyAttendance',
  'Year End': 'common.categoryYearEnd',
};

/** "Daily Behavior" → "Comportamiento diario" in Spanish; a category the app does not know stays as it is. */
export function useCategoryName(): (category: string) => string {
  const t = useT();
  return useCallback(
    (category) => {
      const key = (CATEGORY_KEYS as Partial<Record<string, MessageKey>>)[category];
      return key ? t(key) : category;
    },
    [t],
  );
}

/** "6" → "6th Grade" / "6.º grado"; a named grade ("Kindergarten") keeps its name. */
export function useGradeLabel(): (grade: string) => string {
  const t = useT();
  return useCallback(
    (grade) => {
      const n = Number.parseInt(grade, 10);
      return Number.isNaN(n) ? grade : t('common.grade', { n });
    },
    [t],
  );
}

/** The header's role label (roleLabel) in the screens' language. */
export function useRoleLabel(): (roles: readonly string[]) => string {
  const t = useT();
  return useCallback((roles) => t(ROLE_LABEL_KEYS[roleLabel(roles)]), [t]);
}

/** The shared schemas' and passwordProblem's English checks (docs/decisions/109-i18n.md), by shape. */
const VALIDATION: [RegExp, MessageKey, (m: RegExpExecArray) => Record<string, string | number>][] =
  [
    [/^(.+) is required$/, 'common.fieldRequired', (m) => ({ field: m[1]! })],
    [
      /^(.+) must be at most (\d+) characters$/,
      'common.fieldTooLong',
      (m) => ({ field: m[1]!, max: Number(m[2]) }),
    ],
    [/^(.+) must be a valid email address$/, 'common.fieldEmail', (m) => ({ field: m[1]! })],
    [/^(.+) contains an invalid character$/, 'common.fieldInvalidChar', (m) => ({ field: m[1]! })],
    [
      /^The password must be at least (\d+) characters$/,
      'common.passwordTooShort',
      (m) => ({ count: Number(m[1]) }),
    ],
    [
      /^The password must be at most (\d+) characters$/,
      'common.passwordTooLong',
      (m) => ({ count: Number(m[1]) }),
    ],
    [/^This password is too common\. Choose another\.$/, 'common.passwordCommon', () => ({})],
  ];

/**
 * A form check's message in the screens' language: "Message is required" → "Mensaje: campo
 * obligatorio". A message of another shape stays as it is.
 */
export function useValidationText(): (message: string) => string {
  const t = useT();
  return useCallback(
    (message) => {
      for (const [re, key, values] of VALIDATION) {
        const m = re.exec(message);
        if (m) return t(key, values(m));
      }
      return message;
    },
    [t],
  );
}
