import { desc, eq, or, sql } from 'drizzle-orm';
import type { ContactBody, ContactMessage, ContactSent } from '@app/domain';
import type { Queryable } from '../../db/client.js';
import { contactMessages, schools, unmatchedContactMessages } from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { presentContactMessage } from '../../presenters/contact.js';

/**
 * POST utility/contact: the message, kept for the sender's school. A signed-in sender belongs to
 * their school; a visitor's school is matched by code or name. A visitor's message naming no
 * school is kept apart, read by no school (docs/decisions/127-contact-messages-keyed-by-school.md),
 * with the same answer: the form does not tell which schools exist.
 */
export async function saveContactMessage(
  db: Queryable,
  sender: AuthUser | null,
  b: ContactBody,
): Promise<ContactSent> {
  let schoolId = sender?.schoolId ?? null;
  if (!schoolId) {
    const [s] = await db
      .select({ id: schools.id })
      .from(schools)
      .where(
        or(
          sql`lower(${schools.externalId}) = lower(${b.userSchool})`,
          sql`lower(${schools.name}) = lower(${b.userSchool})`,
        ),
      )
      .limit(1);
    schoolId = s?.id ?? null;
  }
  const [row] = schoolId
    ? await db
        .insert(contactMessages)
        .values({ ...b, schoolId, userId: sender?.id ?? null })
        .returning({ id: contactMessages.id })
    : await db
        .insert(unmatchedContactMessages)
        .values(b)
        .returning({ id: unmatchedContactMessages.id });
  return { _id: row!.id, message: 'Thank you! Your message has been sent.' };
}

/** GET utility/contact: the school's latest 200 messages, newest first. */
export async function contactMessagesOf(db: Queryable, u: AuthUser): Promise<ContactMessage[]> {
  const rows = await db
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.schoolId, u.schoolId))
    .orderBy(desc(contactMessages.createdAt))
    .limit(200);
  return rows.map(presentContactMessage);
}
