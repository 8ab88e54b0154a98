import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROLES } from '../src/index.js';

/**
 * Who may do what is the permission table's answer (packages/domain/src/policy.ts) and the
 * server's object rules (apps/server/src/access); nowhere else does code compare a role name. This
 * reads the sources of the domain, the web and the server and fails on any role name in a
 * comparison or a list outside the files allowed below; on the server, on any quoted role name or
 * role helper call at all (docs/decisions/069-server-names-roles-only-in-access.md). The one test
 * of this rule for all three trees.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SOURCES = ['packages/domain/src', 'apps/web/src', 'apps/server/src'];

/** Where a role name may be compared or listed, each with why. A folder ends with '/'. */
const ALLOWED: { path: string; reason: string }[] = [
  {
    path: 'packages/domain/src/policy.ts',
    reason: 'the permission table: the one place a role is read',
  },
  { path: 'packages/domain/src/roles.ts', reason: 'defines the role names' },
  {
    path: 'packages/domain/src/roster/',
    reason:
      "the OneRoster import maps the files' roles (student, teacher, aide…) to ours and reads an imported person's role: data of the files, not a permission",
  },
  {
    path: 'apps/server/src/access/',
    reason: "the server's object rules (whose student, whose period)",
  },
  {
    path: 'apps/server/src/seed/',
    reason: 'demo data: the demo users and the roles they are given',
  },
];

const ROLE = `['"\`](?:${ROLES.join('|')})['"\`]`;
/** The shapes of a comparison or a list of role names. */
const SHAPES: [name: string, re: RegExp][] = [
  ['equality', new RegExp(`[=!]==?\\s*${ROLE}|${ROLE}\\s*[=!]==?`, 'g')],
  ['SQL role test', new RegExp(`${ROLE}\\s*=\\s*any\\b|\\barray\\s*\\[[^\\]]*${ROLE}`, 'gi')],
  [
    'membership',
    new RegExp(`\\.(?:includes|indexOf|has|some|every|find|filter)\\(\\s*${ROLE}`, 'g'),
  ],
  ['role helper', new RegExp(`\\b(?:hasRole|hasAnyRole)\\([^)]*${ROLE}`, 'g')],
  ['list of roles', new RegExp(`[\\[,]\\s*${ROLE}(?=\\s*[,\\]])`, 'g')],
  ['switch case', new RegExp(`\\bcase\\s+${ROLE}`, 'g')],
  ['union of roles', new RegExp(`${ROLE}\\s*\\|(?!\\|)|(?<!\\|)\\|\\s*${ROLE}`, 'g')],
];

/**
 * The server is held stricter: services ask through access/, so a role name in quotes (in code or
 * SQL) or a hasRole/hasAnyRole call is a finding there whatever its shape.
 */
const SERVER = 'apps/server/src/';
const SERVER_SHAPES: [name: string, re: RegExp][] = [
  ['role name on the server', new RegExp(ROLE, 'g')],
  ['role helper call on the server', /\b(?:hasRole|hasAnyRole)\s*\(/g],
];
const shapesFor = (file: string) =>
  file.startsWith(SERVER) ? [...SHAPES, ...SERVER_SHAPES] : SHAPES;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`;
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

interface Finding {
  file: string;
  line: number;
  shape: string;
  text: string;
}

function findings(): Finding[] {
  const out: Finding[] = [];
  for (const file of SOURCES.flatMap(sourceFiles)) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    const seen = new Set<number>();
    for (const [shape, re] of shapesFor(file))
      for (const m of text.matchAll(re)) {
        const line = text.slice(0, m.index).split('\n').length;
        if (seen.has(line)) continue;
        seen.add(line);
        out.push({ file, line, shape, text: text.split('\n')[line - 1]!.trim() });
      }
  }
  return out;
}

const covers = (path: string, file: string) =>
  path.endsWith('/') ? file.startsWith(path) : file === path;
const allowed = (file: string) => ALLOWED.some((a) => covers(a.path, file));

describe("role names are compared only in the permission table and the server's object rules", () => {
  const all = findings();

  it('finds no comparison or list of role names elsewhere', () => {
    const outside = all
      .filter((f) => !allowed(f.file))
      .map((f) => `${f.file}:${f.line} (${f.shape}): ${f.text}`);
    expect(
      outside,
      'ask the permission table (allows, scopeFor, reaches, mayGrant) instead',
    ).toEqual([]);
  });

  it('every allowed place still needs its entry', () => {
    const stale = ALLOWED.map((a) => a.path).filter(
      (path) => !all.some((f) => covers(path, f.file)),
    );
    expect(stale, 'no role name is compared there any more: remove the entry').toEqual([]);
  });

  it('sees the shapes it is meant to see', () => {
    const samples = [
      "if (user.role === 'TEACHER')",
      "'STUDENT' !== r",
      "roles.includes('SCHOOL_ADMIN')",
      "hasRole(u.roles, 'STORE_MANAGER')",
      "const ADMIN = ['SCHOOL_ADMIN', 'SUPER_ADMIN'];",
      "sql`'STUDENT' = any(${users.roles})`",
      "u.roles && array['TEACHER', 'GIVE_ALL']::text[]",
      "case 'HOUSE_MANAGER':",
      "type Audience = 'STUDENT' | 'TEACHER';",
    ];
    for (const sample of samples)
      expect(
        SHAPES.some(([, re]) => new RegExp(re.source, re.flags).test(sample)),
        sample,
      ).toBe(true);
    for (const sample of [
      "audience: 'STUDENT',",
      "label: roleName('TEACHER_X')",
      "const x = 'TEACHERS' === y",
    ])
      expect(
        SHAPES.some(([, re]) => new RegExp(re.source, re.flags).test(sample)),
        sample,
      ).toBe(false);
    const onServer = (sample: string) =>
      shapesFor(`${SERVER}x.ts`).some(([, re]) => new RegExp(re.source, re.flags).test(sample));
    for (const sample of [
      "audience: 'STUDENT',",
      'hasRole(u.roles, role)',
      'hasAnyRole (roles, wanted)',
    ])
      expect(onServer(sample), sample).toBe(true);
    expect(onServer('a STUDENT in prose'), 'a STUDENT in prose').toBe(false);
  });

  it('reads the three source trees', () => {
    for (const dir of SOURCES) expect(sourceFiles(dir).length, dir).toBeGreaterThan(20);
    expect(all.some((f) => f.file === 'packages/domain/src/policy.ts')).toBe(true);
  });
});
