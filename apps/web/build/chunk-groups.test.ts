import { build, type Plugin, type Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { chunkGroups, firstChunksStayFirst, type ChunkPages } from './chunk-groups';

/**
 * A small app built by Vite (Rollup) from modules held here: the app's entry and a boot script,
 * two lazily loaded pages, and a library whose index re-exports components that declare no effects
 * (as Mantine's do), one of which the app's entry imports for its effects only (as Mantine's
 * NavLink imports Accordion).
 */
const FILES: Record<string, string> = {
  '/app/src/main.ts': `
    import { Button } from '/lib/index.js';
    import { format } from '/app/src/dates.ts';
    import { ROLES } from '/app/src/roles.ts';
    import { PAGES } from '/app/src/router/pages.ts';
    const sender = import('/app/src/sender.ts').then((m) => m.send());
    console.log(Button(), format(1), ROLES, sender, PAGES.map((p) => p().then((m) => m.default())));`,
  '/app/src/router/pages.ts': `
    export const PAGES = [() => import('/app/src/PageA.ts'), () => import('/app/src/PageB.ts')];`,
  // Loaded by the entry at each start, not a page: what it needs stays with it.
  '/app/src/sender.ts': `import { queue } from '/app/src/queue.ts'; export const send = () => queue();`,
  '/app/src/queue.ts': `export const queue = () => 'queue ' + 'q'.repeat(100);`,
  '/app/src/boot/boot.ts': `
    import { ROLES } from '/app/src/roles.ts';
    console.log(ROLES, import('/app/src/boot/derived.ts').then((m) => m.DERIVED()));`,
  '/app/src/boot/derived.ts': `
    import { ROLES } from '/app/src/roles.ts';
    import { lastDay } from '/app/src/days.ts';
    export const DERIVED = () => [ROLES, lastDay()];`,
  '/app/src/roles.ts': `export const ROLES = ['STUDENT', 'TEACHER'];`,
  '/app/src/days.ts': `export function lastDay() { return 'last day'; }`,
  // No one uses refusal: the entry's dates do not bring the messages (page A's own).
  '/app/src/dates.ts': `
    import { MESSAGES } from '/app/src/messages.ts';
    export function format(n) { return 'day ' + n; }
    export function refusal() { return MESSAGES.tooLate; }`,
  '/app/src/messages.ts': `export const MESSAGES = { tooLate: 'Too late' };`,
  '/app/src/PageA.ts': `
    import { Modal, Select } from '/lib/index.js';
    import { MESSAGES } from '/app/src/messages.ts';
    import { Panel } from '/app/src/Panel.ts';
    import { queue } from '/app/src/queue.ts';
    export default () => [Modal(), Select(), MESSAGES, Panel(), queue()];`,
  '/app/src/PageB.ts': `
    import { Modal } from '/lib/index.js';
    import { Panel } from '/app/src/Panel.ts';
    export default () => [Modal(), Panel()];`,
  '/app/src/Panel.ts': `export const Panel = () => 'panel ' + 'y'.repeat(300);`,
  '/lib/index.js': `
    export { Button } from '/lib/Button.js';
    export { Modal } from '/lib/Modal.js';
    export { Select } from '/lib/Select.js';`,
  '/lib/Button.js': `import '/lib/Modal.js'; export const Button = () => 'button';`,
  '/lib/Modal.js': `export const Modal = () => 'modal ' + 'z'.repeat(300); Modal.displayName = 'Modal';`,
  '/lib/Select.js': `export const Select = () => 'select ' + 'w'.repeat(300);`,
};

function files(): Plugin {
  return {
    name: 'files',
    resolveId: (id) => (id in FILES ? id : null),
    load: (id) =>
      id in FILES
        ? // The library declares no effects (package.json "sideEffects": false).
          { code: FILES[id]!, moduleSideEffects: !id.startsWith('/lib/') }
        : null,
  };
}

async function chunksOf(pages: ChunkPages): Promise<Map<string, string[]>> {
  const out = (await build({
    configFile: false,
    logLevel: 'silent',
    plugins: [files()],
    build: {
      write: false,
      minify: false,
      modulePreload: false,
      rollupOptions: {
        input: { index: '/app/src/main.ts', boot: '/app/src/boot/boot.ts' },
        output: { manualChunks: chunkGroups(pages) },
      },
    },
  })) as Rollup.RollupOutput;
  firstChunksStayFirst(Object.fromEntries(out.output.map((c) => [c.fileName, c])));
  return new Map(
    out.output.flatMap((c) =>
      c.type === 'chunk'
        ? [
            [
              c.name,
              Object.keys(c.modules).filter(
                // Vite's own helpers (\0vite/preload-helper.js) aside.
                (id) => c.modules[id]!.renderedLength > 0 && !id.startsWith('\0'),
              ),
            ],
          ]
        : [],
    ),
  );
}

describe('chunk groups (issue 35)', () => {
  it('keeps out of the first chunks what only the pages use, and gathers what they share', async () => {
    const chunks = await chunksOf({
      boot: 'src/boot/boot.ts',
      router: 'src/router/pages.ts',
      early: [],
    });
    // Through the library's index, past an import for effects of a module that declares none, and
    // past a statement no one uses, the entry's chunk holds only what it uses.
    expect(chunks.get('index')?.sort()).toEqual([
      '/app/src/dates.ts',
      '/app/src/main.ts',
      '/app/src/router/pages.ts',
      '/lib/Button.js',
    ]);
    // What the entry loads at each start, with it: not in a page's chunk, nor in `shared`.
    expect(chunks.get('sender')?.sort()).toEqual(['/app/src/queue.ts', '/app/src/sender.ts']);
    // What both pages use is one chunk; what one page uses is its own.
    expect(chunks.get('shared')?.sort()).toEqual(['/app/src/Panel.ts', '/lib/Modal.js']);
    expect(chunks.get('PageA')?.sort()).toEqual([
      '/app/src/PageA.ts',
      '/app/src/messages.ts',
      '/lib/Select.js',
    ]);
    expect(chunks.get('PageB')).toEqual(['/app/src/PageB.ts']);
    // What the boot script shares with the app, and its lazily loaded rules apart from the app.
    expect(chunks.get('early')).toEqual(['/app/src/roles.ts']);
    expect(chunks.get('derived')?.sort()).toEqual(['/app/src/boot/derived.ts', '/app/src/days.ts']);
  });

  it('gives a page the boot script preloads all it needs in its own chunk', async () => {
    const chunks = await chunksOf({
      boot: 'src/boot/boot.ts',
      router: 'src/router/pages.ts',
      early: ['src/PageA.ts'],
    });
    expect(chunks.get('PageA')?.sort()).toEqual([
      '/app/src/PageA.ts',
      '/app/src/Panel.ts',
      '/app/src/messages.ts',
      '/lib/Modal.js',
      '/lib/Select.js',
    ]);
    expect(chunks.has('shared')).toBe(false);
    expect(chunks.get('PageB')).toEqual(['/app/src/PageB.ts']);
    expect(chunks.get('sender')?.sort()).toEqual(['/app/src/queue.ts', '/app/src/sender.ts']);
  });

  it('fails the build when a first chunk imports a page’s chunk', () => {
    const chunk = (name: string, imports: string[], isEntry = false) =>
      ({ type: 'chunk', name, fileName: `${name}.js`, imports, isEntry }) as Rollup.OutputChunk;
    const bundle = (indexImports: string[]) =>
      Object.fromEntries(
        [
          chunk('index', indexImports, true),
          chunk('boot', ['early.js'], true),
          chunk('early', []),
          chunk('shared', []),
        ].map((c) => [c.fileName, c]),
      );
    expect(() => firstChunksStayFirst(bundle(['early.js']))).not.toThrow();
    expect(() => firstChunksStayFirst(bundle(['early.js', 'shared.js']))).toThrow(
      /first chunks import shared\.js/,
    );
  });
});
