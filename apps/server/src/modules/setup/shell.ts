import { parseArgs } from 'node:util';
import { newSchoolBody, SCHOOL_TYPES, STORE_MODELS } from '@app/domain';
import type { Db } from '../../db/client.js';
import { hashPassword, newToken } from '../../lib/tokens.js';
import { accountSetupLink } from '../identity/service.js';
import { createFirstSchool } from './service.js';

export const SHELL_USAGE = `Usage: npm run setup -- --school "Lincoln Middle School" --code LINCOLN --timezone America/Chicago --admin-email owner@district.org
  [--district "Springfield District"] [--school-type ${SCHOOL_TYPES.join('|')}] [--store-model ${STORE_MODELS.join('|')}]
  [--house-system] [--no-teacher-give-all] [--admin-first-name Pat] [--admin-last-name Lee]`;

/** A user error of the shell: printed with the usage, exit code 2. */
export class ShellError extends Error {}

/** A sign-in name from an e-mail address: the address itself, in the characters names allow. */
const usernameFromEmail = (email: string) =>
  email
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9._@-]/g, '-');

/**
 * `npm run setup`: the first school from a shell, for scripted installs (the shell is trusted: no
 * setup code). Makes the district, the school and its owner (sign-in name: their e-mail), and
 * returns the owner's one-time link to choose a password. Refused once any school exists.
 */
export async function setupFromShell(
  db: Db,
  argv: string[],
  baseUrl: string,
): Promise<{ schoolId: string; userId: string; username: string; link: string }> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        school: { type: 'string' },
        code: { type: 'string' },
        timezone: { type: 'string' },
        'admin-email': { type: 'string' },
        district: { type: 'string' },
        'school-type': { type: 'string', default: 'Middle' },
        'store-model': { type: 'string', default: 'Pickup' },
        'house-system': { type: 'boolean', default: false },
        'no-teacher-give-all': { type: 'boolean', default: false },
        'admin-first-name': { type: 'string', default: 'District' },
        'admin-last-name': { type: 'string', default: 'Owner' },
      },
    }));
  } catch (err) {
    throw new ShellError((err as Error).message);
  }
  const email = values['admin-email']?.trim() ?? '';
  if (!values.school || !values.code || !values.timezone || !email)
    throw new ShellError('--school, --code, --timezone and --admin-email are required.');
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
    throw new ShellError('--admin-email must be an e-mail address.');
  const school = newSchoolBody.safeParse({
    name: values.school,
    code: values.code,
    timeZone: values.timezone,
    schoolType: values['school-type'],
    storeModel: values['store-model'],
    hasHouseSystem: values['house-system'],
    canTeacherGiveAll: !values['no-teacher-give-all'],
  });
  if (!school.success) throw new ShellError(school.error.issues[0]?.message ?? 'Invalid school');
  const username = usernameFromEmail(email);
  // A password nobody knows until the owner chooses theirs through the link.
  const passwordHash = await hashPassword(newToken());
  const made = await db.transaction((tx) =>
    createFirstSchool(tx, {
      districtName: values.district?.trim() || undefined,
      school: school.data,
      owner: {
        firstName: values['admin-first-name'],
        lastName: values['admin-last-name'],
        email,
        username,
      },
      passwordHash,
    }),
  );
  const token = await accountSetupLink(db, { schoolId: made.schoolId, id: made.userId }, email);
  return { ...made, username, link: `${baseUrl}/account-setup?token=${token}` };
}
