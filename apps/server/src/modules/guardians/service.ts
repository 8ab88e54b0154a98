import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  currencyNames,
  INVITATION_DAYS,
  languageOf,
  msg,
  SIGN_IN_LINK_MINUTES,
  type Child,
  type GuardianInviteBody,
  type GuardianInviteResponse,
  type GuardianListItem,
  type Language,
} from '@app/domain';
import { t } from '@app/domain/i18n';
import type { Db, Queryable } from '../../db/client.js';
import { credentials, guardianStudents, users } from '../../db/schema.js';
import { GUARDIAN_ROLES, isGuardianSql } from '../../access/guardians.js';
import { isStudentRow } from '../../access/students.js';
import { checkActOn } from '../../access/users.js';
import type { AuthUser } from '../../lib/auth-context.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import { sendInvitation } from '../identity/service.js';

/*
 * Guardians (docs/decisions/115-guardians.md): a school admin invites one by e-mail for chosen
 * students; the guardian reads those students' figures through the calls staff use (`studentId=`),
 * answered for their own children only (access/students.ts).
 */

/** A user's language for mails: their choice, else English. */
export const mailLanguage = (language: string | null): Language => languageOf(language, undefined);

const childColumns = {
  _id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  gradeLevel: users.gradeLevel,
};

/** GET guardian/children: the signed-in guardian's children, by name. */
export async function childrenOf(db: Queryable, u: AuthUser): Promise<Child[]> {
  return db
    .select(childColumns)
    .from(guardianStudents)
    .innerJoin(
      users,
      and(eq(users.schoolId, guardianStudents.schoolId), eq(users.id, guardianStudents.studentId)),
    )
    .where(and(eq(guardianStudents.schoolId, u.schoolId), eq(guardianStudents.guardianId, u.id)))
    .orderBy(users.firstName, users.lastName);
}

/** GET settings/guardians: the school's guardians with their children and whether they set up their account. */
export async function listGuardians(db: Queryable, schoolId: string): Promise<GuardianListItem[]> {
  const guardians = await db
    .select({
      _id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      username: credentials.username,
    })
    .from(users)
    .leftJoin(
      credentials,
      and(eq(credentials.schoolId, users.schoolId), eq(credentials.userId, users.id)),
    )
    .where(and(eq(users.schoolId, schoolId), isGuardianSql(users.roles)))
    .orderBy(users.lastName, users.firstName);
  const links = await db
    .select({ guardianId: guardianStudents.guardianId, ...childColumns })
    .from(guardianStudents)
    .innerJoin(
      users,
      and(eq(users.schoolId, guardianStudents.schoolId), eq(users.id, guardianStudents.studentId)),
    )
    .where(eq(guardianStudents.schoolId, schoolId))
    .orderBy(users.firstName, users.lastName);
  return guardians.map(({ username, ...g }) => ({
    ...g,
    hasPassword: Boolean(username),
    children: links.filter((l) => l.guardianId === g._id).map(({ guardianId: _g, ...c }) => c),
  }));
}

/**
 * POST settings/guardians: the guardian of that address in the school (made when there is none),
 * linked to the students chosen, and an account-setup mail in their language unless they already
 * have a password. The students must be the school's; an address of a staff member or a student is
 * refused (a guardian account is a separate one).
 */
export async function inviteGuardian(
  db: Db,
  mailer: Mailer,
  baseUrl: string,
  admin: AuthUser,
  body: GuardianInviteBody,
): Promise<GuardianInviteResponse> {
  const email = body.email.trim().toLowerCase();
  const studentIds = [...new Set(body.studentIds)];
  const students = await db
    .select(childColumns)
    .from(users)
    .where(and(eq(users.schoolId, admin.schoolId), inArray(users.id, studentIds), isStudentRow));
  if (students.length !== studentIds.length) throw notFound(msg('msg.studentNotFound'));
  const { guardian, hasPassword } = await db.transaction(async (tx) => {
    const [same] = await tx
      .select({
        id: users.id,
        roles: users.roles,
        firstName: users.firstName,
        language: users.language,
      })
      .from(users)
      .where(and(eq(users.schoolId, admin.schoolId), sql`lower(${users.email}) = ${email}`))
      .limit(1);
    if (same && !same.roles.some((r) => GUARDIAN_ROLES.includes(r)))
      throw conflict(msg('msg.addressNotGuardian'));
    if (same) checkActOn(admin, same);
    const g =
      same ??
      (
        await tx
          .insert(users)
          .values({
            schoolId: admin.schoolId,
            externalId: `guardian:${email}`,
            firstName: body.firstName,
            lastName: body.lastName,
            email,
            roles: GUARDIAN_ROLES,
            language: body.language ?? null,
          })
          .onConflictDoNothing()
          .returning({
            id: users.id,
            roles: users.roles,
            firstName: users.firstName,
            language: users.language,
          })
      )[0];
    if (!g) throw conflict(msg('msg.guardianBeingInvited'));
    await tx
      .insert(guardianStudents)
      .values(
        studentIds.map((studentId) => ({ schoolId: admin.schoolId, guardianId: g.id, studentId })),
      )
      .onConflictDoNothing();
    const [cred] = await tx
      .select({ u: credentials.username })
      .from(credentials)
      .where(and(eq(credentials.schoolId, admin.schoolId), eq(credentials.userId, g.id)));
    return { guardian: g, hasPassword: Boolean(cred) };
  });
  if (hasPassword) return { guardianId: guardian.id, email, invited: false };
  const lang = mailLanguage(guardian.language);
  const school = admin.school;
  const values = {
    school: school.name,
    name: guardian.firstName,
    children: students.map((s) => s.firstName).join(', '),
    ...currencyNames(school, lang),
    days: INVITATION_DAYS,
  };
  const { mailed, link, linkKept, whyNotMailed, expiresAt } = await sendInvitation(
    db,
    mailer,
    baseUrl,
    { schoolId: admin.schoolId, id: admin.id, schoolName: school.name },
    { userId: guardian.id, email },
    (link) => ({
      subject: t(lang, 'guardian.mail.inviteSubject', values),
      text: t(lang, 'guardian.mail.inviteText', { ...values, link }),
    }),
  );
  // Not mailed: the link for the admin to hand over (docs/decisions/132-invitations-without-mail.md).
  return {
    guardianId: guardian.id,
    email,
    invited: true,
    expiresAt,
    mailed,
    link,
    linkKept,
    whyNotMailed,
  };
}

/** The sign-in link mail, in the guardian's language. */
export const signInLinkMail = (
  who: { firstName: string; language: string | null },
  link: string,
) => {
  const lang = mailLanguage(who.language);
  return {
    subject: t(lang, 'guardian.mail.linkSubject'),
    text: t(lang, 'guardian.mail.linkText', {
      name: who.firstName,
      minutes: SIGN_IN_LINK_MINUTES,
      link,
    }),
  };
};
