import { sql, type SQL } from 'drizzle-orm';
import type { Slot } from '../../db/named.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { pgArrayText } from '../../lib/pg-array.js';

/** What was bought leaves the student's cart (when `onlyIf` holds, if given): slots `cart_*`. */
export const emptyCart = (s: Slot, onlyIf?: SQL) => sql`
  update carts set items = (select coalesce(jsonb_agg(e), '[]'::jsonb) from jsonb_array_elements(carts.items) e where not (e->>'productId' = any(${s('cart_ids')}::text[]))),
    updated_at = ${s('cart_at')}::timestamptz
  where school_id = ${s('cart_school')} and student_id = ${s('cart_student')} ${onlyIf ? sql`and ${onlyIf}` : sql``}`;

/** The values of `emptyCart`'s slots. */
export const cartValues = (u: AuthUser, studentId: string, ids: readonly string[], now: Date) => ({
  cart_ids: pgArrayText(ids),
  cart_at: now.toISOString(),
  cart_school: u.schoolId,
  cart_student: studentId,
});
