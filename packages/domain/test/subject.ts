import type { PermissionSubject } from '../src/index.js';

type SchoolFacts = PermissionSubject['school'];

/** A permission subject with a plain middle school (no house system, Delivery store) unless told. */
export function subject(
  roles: string[],
  over: { periodCount?: number; gradeLevel?: string | null; school?: Partial<SchoolFacts> } = {},
): PermissionSubject {
  return {
    roles,
    gradeLevel: over.gradeLevel ?? null,
    periodCount: over.periodCount ?? 0,
    school: {
      hasHouseSystem: false,
      isHouseSystemConfigured: false,
      storeModel: 'Delivery',
      schoolType: 'Middle',
      ...over.school,
    },
  };
}
