import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The repository explains itself: what the code cites is in docs/, and exists.
 * - A `docs/…` path cited anywhere in code, tests, scripts or the README names a file or folder
 *   that exists; "docs/X.md section N" names a numbered heading of that file.
 * - Outside docs/, nothing cites the design or specification files that live outside the
 *   repository, the old single decisions file, or a decision by its bare number: a decision is
 *   cited by its file, docs/decisions/NNN-title.md.
 * - Inside docs/, relative Markdown links resolve, and every decision file starts with its status
 *   and date and is listed in docs/decisions/README.md.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SELF = path.relative(ROOT, fileURLToPath(import.meta.url));
const SCANNED_DIRS = ['apps', 'packages', 'e2e', 'bench', 'scripts', 'docs'];
const ROOT_FILES = [
  'README.md',
  'eslint.config.js',
  '.dependency-cruiser.cjs',
  'vitest.config.ts',
  'vitest.setup.ts',
];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'public', 'coverage']);
const EXTENSIONS = /\.(ts|tsx|js|mjs|cjs|sql|md|css|html)$/;

function walk(dir: string, out: string[]): string[] {
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.')) walk(rel, out);
    } else if (EXTENSIONS.test(entry.name) && rel !== SELF) out.push(rel);
  }
  return out;
}

const files = [
  ...SCANNED_DIRS.filter((d) => existsSync(path.join(ROOT, d))).flatMap((d) => walk(d, [])),
  ...ROOT_FILES.filter((f) => existsSync(path.join(ROOT, f))),
];
const inDocs = (f: string) => f.startsWith(`docs${path.sep}`);
const text = new Map(files.map((f) => [f, readFileSync(path.join(ROOT, f), 'utf8')]));

interface Hit {
  file: string;
  line: number;
  found: string;
}

function hits(pattern: RegExp, which: (f: string) => boolean): Hit[] {
  const out: Hit[] = [];
  for (const [file, body] of text) {
    if (!which(file)) continue;
    body.split('\n').forEach((line, i) => {
      for (const m of line.matchAll(pattern)) out.push({ file, line: i + 1, found: m[0] });
    });
  }
  return out;
}

/** A path under docs/ as written in a comment, without the sentence's closing punctuation. */
const DOCS_PATH = /(?<![\w/.-])docs\/[\w./-]*[\w/]/g;

/** The numbered headings of a Markdown file: "## 3. Storage" → "3", "### 10.2 Tiers" → "10.2". */
const sectionsCache = new Map<string, Set<string>>();
function sectionsOf(file: string): Set<string> {
  let s = sectionsCache.get(file);
  if (!s) {
    const body = readFileSync(path.join(ROOT, file), 'utf8');
    s = new Set([...body.matchAll(/^#{1,6}\s+(\d+(?:\.\d+)*)\.?\s/gm)].map((m) => m[1]!));
    sectionsCache.set(file, s);
  }
  return s;
}

describe('citations of docs/', () => {
  it('scans the repository', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some(inDocs)).toBe(true);
  });

  it('every docs/ path cited exists', () => {
    const missing = hits(DOCS_PATH, () => true).filter(
      (h) => !existsSync(path.join(ROOT, h.found.replace(/\.$/, ''))),
    );
    expect(missing).toEqual([]);
  });

  it('every "docs/X.md section N" names a numbered heading of that file', () => {
    const cited = hits(
      /(?<![\w/.-])(docs\/[\w./-]+\.md)\)?,? sections? (\d+(?:\.\d+)*)/g,
      () => true,
    );
    const wrong = cited.filter((h) => {
      const [, file, section] = /(docs\/[\w./-]+\.md)\)?,? sections? (\d+(?:\.\d+)*)/.exec(
        h.found,
      )!;
      return !existsSync(path.join(ROOT, file!)) || !sectionsOf(file!).has(section!);
    });
    expect(wrong).toEqual([]);
  });

  it('outside docs/, nothing cites files outside the repository, the old decisions file or a bare decision number', () => {
    const outside = (f: string) => !inDocs(f);
    const stale = [
      ...hits(new RegExp(['DESIGN', 'md'].join('\\.'), 'g'), outside),
      ...hits(new RegExp(['\\bspec', 'sections?\\s+\\d'].join(' '), 'gi'), outside),
      ...hits(new RegExp(['docs/decisions', 'md'].join('\\.'), 'g'), outside),
      ...hits(new RegExp(['\\bdecisions?', '\\d+'].join(' '), 'gi'), outside),
    ];
    expect(stale).toEqual([]);
  });

  it('relative Markdown links inside docs/ resolve', () => {
    const broken: Hit[] = [];
    for (const h of hits(/\]\(([^)\s#]+)(#[^)]*)?\)/g, inDocs)) {
      const target = /\]\(([^)\s#]+)/.exec(h.found)![1]!;
      if (/^[a-z]+:/i.test(target)) continue;
      if (!existsSync(path.resolve(ROOT, path.dirname(h.file), target))) broken.push(h);
    }
    expect(broken).toEqual([]);
  });

  it('every "[…](X.md) section N" inside docs/ names a numbered heading of that file', () => {
    const wrong = hits(/\]\(([^)\s#]+\.md)\),? sections? (\d+(?:\.\d+)*)/g, inDocs).filter((h) => {
      const [, target, section] = /\]\(([^)\s#]+\.md)\),? sections? (\d+(?:\.\d+)*)/.exec(h.found)!;
      const file = path.relative(ROOT, path.resolve(ROOT, path.dirname(h.file), target!));
      return !existsSync(path.join(ROOT, file)) || !sectionsOf(file).has(section!);
    });
    expect(wrong).toEqual([]);
  });
});

describe('docs/decisions', () => {
  const dir = path.join('docs', 'decisions');
  const decisions = readdirSync(path.join(ROOT, dir)).filter((f) =>
    /^\d{3}-[a-z0-9-]+\.md$/.test(f),
  );
  const index = readFileSync(path.join(ROOT, dir, 'README.md'), 'utf8');

  it('is one file per decision, each with its status and date on top, each in the index', () => {
    expect(decisions.length).toBeGreaterThan(60);
    const bad = decisions.filter((f) => {
      const head = readFileSync(path.join(ROOT, dir, f), 'utf8')
        .split('\n')
        .slice(0, 6)
        .join('\n');
      return (
        !head.startsWith(`# ${f.slice(0, 3)}. `) ||
        !/^- Status: (accepted|superseded by \[\d{3}\]\(\d{3}-[a-z0-9-]+\.md\))/m.test(head) ||
        !/^- Date: \d{4}-\d{2}-\d{2}$/m.test(head) ||
        !index.includes(`](${f})`)
      );
    });
    expect(bad).toEqual([]);
  });

  it('has no two decisions with one number', () => {
    const numbers = decisions.map((f) => f.slice(0, 3));
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('keeps every file of the folder a decision or the index', () => {
    const stray = readdirSync(path.join(ROOT, dir)).filter(
      (f) => f !== 'README.md' && !decisions.includes(f),
    );
    expect(stray).toEqual([]);
    expect(statSync(path.join(ROOT, dir, 'README.md')).isFile()).toBe(true);
  });
});
