import { msg, type OrderActor, type OrderStudent } from '@app/domain';
import type { Queryable } from '../db/client.js';
import type { orders } from '../db/schema.js';
import type { AuthUser } from '../lib/auth-context.js';
import { badRequest, forbidden } from '../lib/errors.js';
import { requireScope, scopeOf } from './permission.js';
import { shopsForThemselves } from './products.js';
import { studentFor } from './students.js';

/**
 * How the user stands to an order: its student; its store's staff (the teacher of a teacher
 * store's order, or whoever `orders:act` gives the school's orders: the school store's staff);
 * or neither (403). The route has checked `orders:act` already.
 */
export function actorFor(
  u: AuthUser,
  o: Pick<typeof orders.$inferSelect, 'studentId' | 'store' | 'teacherId'>,
): OrderActor {
  if (o.studentId === u.id) return 'student';
  if (o.store === 'Teacher' && o.teacherId === u.id) return 'staff';
  if (scopeOf(u, 'orders:act') === 'school') return 'staff';
  throw forbidden(msg('msg.otherStoresOrder'));
}

/**
 * Whose cart and whose wallet an order is for: the buyer themselves (`student`), when they shop
 * for themselves (`cart:use`) and name no one or themselves; or (`teacher`) a student the
 * `orders:place` scope reaches (a teacher's: their periods' students), who buys from the teacher's
 * own store. A caller whose scope is their own (a student) naming another student is refused.
 */
export type Buyer = { kind: 'student' | 'teacher'; student: OrderStudent };

export async function buyerOf(
  db: Queryable,
  u: AuthUser,
  studentId: string | null | undefined,
): Promise<Buyer> {
  const scope = requireScope(u, 'orders:place');
  if ((!studentId || studentId === u.id) && shopsForThemselves(u))
    return {
      kind: 'student',
      student: {
        _id: u.id,
        externalId: u.externalId,
        firstName: u.firstName,
        lastName: u.lastName,
        gradeLevel: u.gradeLevel,
      },
    };
  if (!studentId) throw badRequest(msg('msg.selectStudent'));
  if (scope === 'own') throw forbidden(msg('msg.studentsOrderSelf'));
  const s = await studentFor(db, u, 'orders:place', studentId);
  return {
    kind: 'teacher',
    student: {
      _id: s.id,
      externalId: s.externalId,
      firstName: s.firstName,
      lastName: s.lastName,
      gradeLevel: s.gradeLevel,
    },
  };
}
