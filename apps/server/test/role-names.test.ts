import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROLES } from '@app/domain';
import { describe, expect, it } from 'vitest';

/**
 * No role name is compared on the server outside apps/server/src/access (the object rules) and the
 * seed (data): services ask the permission table (packages/domain/src/policy.ts) through access/.
 * A role name in quotes (in code or SQL) or a hasRole/hasAnyRole call anywhere else fails here.
 */
const SRC = path.resolve(import.meta.dirname, '../src');
const ALLOWED = [path.join(SRC, 'access') + path.sep, path.join(SRC, 'seed') + path.sep];

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? files(path.join(dir, e.name))
      : e.name.endsWith('.ts')
        ? [path.join(dir, e.name)]
        : [],
  );

const QUOTED_ROLE = new RegExp(`['"\`](${ROLES.join('|')})['"\`]`);
const ROLE_CALL = /\b(hasRole|hasAnyRole)\s*\(/;

describe('role names on the server', () => {
  it('are compared only in apps/server/src/access (and listed in the seed)', () => {
    const found: string[] = [];
    for (const file of files(SRC)) {
      if (ALLOWED.some((dir) => file.startsWith(dir))) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (QUOTED_ROLE.test(line) || ROLE_CALL.test(line))
            found.push(`${path.relative(SRC, file)}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found, found.join('\n')).toEqual([]);
  });

  it('the check sees a role name where it would be', () => {
    expect(QUOTED_ROLE.test("sql`'STUDENT' = any(u.roles)`")).toBe(true);
    expect(QUOTED_ROLE.test("hasRole(u.roles, 'TEACHER')")).toBe(true);
    expect(QUOTED_ROLE.test('a STUDENT in prose')).toBe(false);
  });
});
