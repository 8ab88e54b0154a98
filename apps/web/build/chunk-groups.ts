import type { Rollup } from 'vite';

/**
 * Libraries a few pages need, kept in chunks of their own rather than in `shared` or a page's: the
 * charts (recharts and what it draws with), the QR reader, dayjs, the forms' schemas (zod). The
 * chunk is named by the group.
 */
const OWN_CHUNKS: [name: string, module: RegExp][] = [
  [
    'charts',
    /\/node_modules\/(recharts|d3-[\w-]+|victory-vendor|es-toolkit|decimal\.js-light|@reduxjs|immer|redux[\w-]*|reselect|eventemitter3|use-sync-external-store|react-is|@mantine\/charts)\//,
  ],
  ['jsQR', /\/node_modules\/jsqr\//],
  ['dayjs', /\/node_modules\/dayjs\//],
  ['schemas', /\/node_modules\/zod\//],
];

/** A style sheet: its module has no code once Vite has taken the CSS out, but it must be loaded. */
const STYLES = /\.css($|\?)/;

type Statement = Rollup.ProgramNode['body'][number];

/** The module each statement's `from '…'` names: Rollup lists a module's imports in that order. */
function sources(info: Rollup.ModuleInfo): Map<string, string> {
  const bySource = new Map<string, string>();
  const ids = info.importedIds;
  for (const node of info.ast?.body ?? []) {
    const source =
      (node.type === 'ImportDeclaration' ||
        node.type === 'ExportAllDeclaration' ||
        node.type === 'ExportNamedDeclaration') &&
      node.source
        ? String(node.source.value)
        : null;
    if (source !== null && !bySource.has(source)) bySource.set(source, ids[bySource.size]!);
  }
  if (bySource.size !== ids.length)
    throw new Error(
      `chunk groups: ${info.id} imports ${ids.length} modules from ${bySource.size} names`,
    );
  return bySource;
}

const nameOf = (n: { type: string; name?: string; value?: unknown }) =>
  n.type === 'Identifier' ? n.name! : String(n.value);

/** Every identifier a statement mentions (properties' names too: a few more needs, never fewer). */
function mentions(node: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const n of node) mentions(n, out);
  else if (node && typeof node === 'object') {
    const n = node as { type?: string; name?: string };
    if (n.type === 'Identifier' && n.name) out.add(n.name);
    for (const [key, value] of Object.entries(n))
      if (key !== 'type' && key !== 'start' && key !== 'end' && typeof value === 'object')
        mentions(value, out);
  }
  return out;
}

/** A top-level value Rollup drops when nothing uses it: a function, a class, a literal, an object of those. */
function pure(node: unknown): boolean {
  const n = node as { type: string; [key: string]: unknown } | null;
  if (!n) return true;
  switch (n.type) {
    case 'FunctionDeclaration':
    case 'ClassDeclaration':
    case 'ArrowFunctionExpression':
    case 'FunctionExpression':
    case 'Literal':
    case 'Identifier':
      return true;
    case 'TemplateLiteral':
      return (n.expressions as unknown[]).length === 0;
    case 'VariableDeclaration':
      return (n.declarations as { init: unknown }[]).every((d) => pure(d.init));
    case 'ArrayExpression':
      return (n.elements as unknown[]).every(pure);
    case 'ObjectExpression':
      return (n.properties as { type: string; value: unknown; computed: boolean }[]).every(
        (p) => p.type === 'Property' && !p.computed && pure(p.value),
      );
    case 'UnaryExpression':
    case 'TSAsExpression':
      return pure(n.argument ?? n.expression);
    default:
      return false;
  }
}

/** A module's top level, as the names it declares, imports and exports. */
interface Shape {
  statements: Statement[];
  /** Declared names → the statement declaring them. */
  declared: Map<string, number>;
  /** Imported local names → the module and the name imported ('*': a namespace). */
  imported: Map<string, { from: string; name: string }>;
  /** Exported names → the local name (or statement, for an expression `export default`). */
  exported: Map<string, string | number>;
  /** Names exported from another module → that module and its name. */
  reexported: Map<string, { from: string; name: string }>;
  /** `export * from`'s modules. */
  stars: string[];
  /** Statements that run for their effects, and the modules imported for theirs. */
  effects: number[];
  effectImports: string[];
}

function shapeOf(info: Rollup.ModuleInfo, sideEffects: (id: string) => boolean): Shape {
  const from = sources(info);
  const shape: Shape = {
    statements: info.ast!.body,
    declared: new Map(),
    imported: new Map(),
    exported: new Map(),
    reexported: new Map(),
    stars: [],
    effects: [],
    effectImports: [],
  };
  const declare = (node: unknown, i: number) => {
    const d = node as {
      type: string;
      id?: { name: string } | null;
      declarations?: { id: unknown }[];
    };
    if (d.type === 'VariableDeclaration')
      for (const v of d.declarations!)
        for (const name of mentions(v.id)) shape.declared.set(name, i);
    else if (d.id) shape.declared.set(d.id.name, i);
    if (!pure(node)) shape.effects.push(i);
  };
  shape.statements.forEach((node, i) => {
    switch (node.type) {
      case 'ImportDeclaration': {
        const dep = from.get(String(node.source.value))!;
        if (sideEffects(dep)) shape.effectImports.push(dep);
        for (const s of node.specifiers)
          shape.imported.set(s.local.name, {
            from: dep,
            name:
              s.type === 'ImportNamespaceSpecifier'
                ? '*'
                : s.type === 'ImportDefaultSpecifier'
                  ? 'default'
                  : nameOf(s.imported),
          });
        break;
      }
      case 'ExportAllDeclaration': {
        const dep = from.get(String(node.source.value))!;
        if (node.exported) shape.reexported.set(nameOf(node.exported), { from: dep, name: '*' });
        else shape.stars.push(dep);
        break;
      }
      case 'ExportNamedDeclaration':
        if (node.source) {
          const dep = from.get(String(node.source.value))!;
          for (const s of node.specifiers)
            shape.reexported.set(nameOf(s.exported), { from: dep, name: nameOf(s.local) });
        } else if (node.declaration) {
          declare(node.declaration, i);
          for (const name of shape.declared.keys())
            if (shape.declared.get(name) === i) shape.exported.set(name, name);
        } else
          for (const s of node.specifiers) shape.exported.set(nameOf(s.exported), nameOf(s.local));
        break;
      case 'ExportDefaultDeclaration': {
        const d = node.declaration as { type: string; id?: { name: string } | null };
        if (d.id) {
          declare(d, i);
          shape.exported.set('default', d.id.name);
        } else {
          shape.exported.set('default', i);
          if (!pure(d)) shape.effects.push(i);
        }
        break;
      }
      case 'FunctionDeclaration':
      case 'ClassDeclaration':
      case 'VariableDeclaration':
        declare(node, i);
        break;
      default:
        shape.effects.push(i);
    }
  });
  return shape;
}

/**
 * Which modules each module's code uses, name by name as Rollup's tree-shaking sees it (more or
 * less: every identifier a used statement mentions counts). Through a library's index, only the
 * modules that define the names imported; of a module, only the statements that the names used
 * need. At module level, Mantine's index made every page's components look needed by the first
 * chunk, and a date rule brought the server's English messages.
 */
class Uses {
  private readonly shapes = new Map<string, Shape | null>();
  private readonly done = new Set<string>();
  private readonly included = new Map<string, Set<number>>();
  /** Module → the modules its used code uses. */
  private readonly edges = new Map<string, Set<string>>();
  private todo: [id: string, name: string, by: string | null][] = [];

  /** Reads the whole program from `starts` (the entries and every lazily loaded part). */
  constructor(
    private readonly info: Rollup.GetModuleInfo,
    starts: readonly string[],
  ) {
    this.todo = starts.map((id) => [id, '*', null]);
    for (let next = this.todo.pop(); next; next = this.todo.pop()) this.need(...next);
  }

  /** The modules a module's used code uses directly. */
  uses(id: string): ReadonlySet<string> {
    return this.edges.get(id) ?? new Set();
  }

  /** The modules `start` needs and theirs, stopping at those in `stop`. */
  closure(start: string, stop: ReadonlySet<string> = new Set()): Set<string> {
    const seen = new Set<string>();
    const visit = [start];
    for (let id = visit.pop(); id !== undefined; id = visit.pop()) {
      if (seen.has(id) || stop.has(id)) continue;
      seen.add(id);
      visit.push(...(this.edges.get(id) ?? []));
    }
    return seen;
  }

  private shape(id: string): Shape | null {
    if (!this.shapes.has(id)) {
      const info = this.info(id);
      this.shapes.set(
        id,
        info?.ast ? shapeOf(info, (dep) => this.info(dep)?.moduleSideEffects !== false) : null,
      );
    }
    return this.shapes.get(id)!;
  }

  private use(by: string | null, id: string) {
    if (by === null || by === id) return;
    let e = this.edges.get(by);
    if (!e) this.edges.set(by, (e = new Set()));
    e.add(id);
  }

  /** Module `id`'s export `name` ('*': all of it; '': only its effects), used by module `by`. */
  private need(id: string, name: string, by: string | null): void {
    const shape = this.shape(id);
    // A name another module defines: whoever asked uses that module (a library's index has no code).
    if (shape && name !== '*' && name !== '' && !shape.exported.has(name)) {
      const r = shape.reexported.get(name);
      if (r) this.todo.push([r.from, r.name, by]);
      else
        for (const dep of shape.stars)
          if (this.info(dep)?.exports?.includes(name)) this.todo.push([dep, name, by]);
      return;
    }
    this.use(by, id);
    const key = `${id}\0${name}`;
    if (this.done.has(key)) return;
    this.done.add(key);
    if (!this.done.has(id)) {
      this.done.add(id);
      if (!shape) {
        for (const dep of this.info(id)?.importedIds ?? []) this.todo.push([dep, '*', id]);
        return;
      }
      for (const i of shape.effects) this.include(id, shape, i);
      // An import runs the module's effects, if it has any (Rollup's test is finer: this one may
      // count a few more).
      for (const dep of shape.effectImports) {
        const d = this.shape(dep);
        const always = this.info(dep)?.moduleSideEffects === 'no-treeshake' || STYLES.test(dep);
        if (always || !d || d.effects.length > 0 || d.effectImports.length > 0)
          this.todo.push([dep, '', id]);
      }
    }
    if (!shape || name === '') return;
    if (name === '*') {
      shape.statements.forEach((_, i) => this.include(id, shape, i));
      for (const { from, name: n } of shape.reexported.values()) this.todo.push([from, n, id]);
      for (const dep of shape.stars) this.todo.push([dep, '*', id]);
      return;
    }
    const local = shape.exported.get(name)!;
    if (typeof local === 'number') this.include(id, shape, local);
    else this.local(id, shape, local);
  }

  private local(id: string, shape: Shape, name: string): void {
    const imported = shape.imported.get(name);
    if (imported) this.todo.push([imported.from, imported.name, id]);
    const declared = shape.declared.get(name);
    if (declared !== undefined) this.include(id, shape, declared);
  }

  private include(id: string, shape: Shape, i: number): void {
    let done = this.included.get(id);
    if (!done) this.included.set(id, (done = new Set()));
    if (done.has(i)) return;
    done.add(i);
    for (const name of mentions(shape.statements[i])) this.local(id, shape, name);
  }
}

/**
 * Names each module's chunk (Rollup's `manualChunks`, issue 35), from what the code uses (Uses):
 *
 * - the first chunks: `index` (the app's entry), `early` (what the boot script shares with it),
 *   the boot script's derived values (`derived`, with what they share with the app in `rules`);
 * - a lazily loaded part the app's entry loads by itself, not a page (the offline queues' senders,
 *   the survey card, the words): what it needs, with it;
 * - a page the boot script preloads (`early`): what it needs, with it;
 * - the charts, the QR reader, dayjs and zod: a chunk each (OWN_CHUNKS);
 * - the rest: what two or more parts use in `shared`, what one part uses with it.
 *
 * Left to itself, Rollup gives each set of parts sharing modules a chunk of its own, and will not
 * merge chunks whose modules have effects (most of Mantine's do): the class page needed 23 chunks
 * of about 3 KB each, and a phone's browser, fetching six files at a time over HTTP/1.1, paid
 * Fast 3G's latency four times over for them. Rollup adds a manual chunk's imports to it unless
 * they are in another one, which is why the first chunks' modules are named too; the build fails
 * if a first chunk imports another (firstChunksStayFirst).
 */
export function chunkGroups(pages: ChunkPages): Rollup.GetManualChunk {
  let groups: Map<string, string> | undefined;
  return (id, { getModuleIds, getModuleInfo }) => {
    groups ??= plan([...getModuleIds()], getModuleInfo, pages);
    return groups.get(id);
  };
}

/** The build's entries and pages, by the end of their paths (`src/boot/boot.ts`). */
export interface ChunkPages {
  /** The boot script's entry; the other entry is the app's. */
  boot: string;
  /** The module whose lazily loaded parts are the app's pages (the router's table). */
  router: string;
  /** The pages the boot script preloads, first the one that wins a module they share. */
  early: readonly string[];
}

function plan(ids: string[], info: Rollup.GetModuleInfo, pages: ChunkPages): Map<string, string> {
  const groups = new Map<string, string>();
  const entries = ids.filter((id) => info(id)?.isEntry);
  const bootEntry = entries.find((id) => id.endsWith(`/${pages.boot}`));
  const appEntry = entries.find((id) => id !== bootEntry);
  if (!bootEntry || !appEntry)
    throw new Error('chunk groups: the app and the boot script are the entries');
  const parts = ids.filter((id) => !info(id)?.isEntry && info(id)?.dynamicImporters.length);
  const uses = new Uses(info, [...entries, ...parts]);
  const boot = uses.closure(bootEntry);
  const app = uses.closure(appEntry);
  const names = new Set<string>();
  // What the boot script shares with the app: one chunk both load (the boot script's own stays in it).
  for (const id of boot) if (id !== bootEntry && app.has(id)) groups.set(id, 'early');
  // What the boot script loads lazily (the rules of its derived values) keeps a chunk of its own,
  // and what of it the app needs too is in `rules`, which both import: neither waits for the other.
  for (const part of parts) {
    if (boot.has(part) || !info(part)?.dynamicImporters.some((by) => boot.has(by))) continue;
    const name = partName(part, names);
    for (const id of uses.closure(part, boot))
      if (!groups.has(id)) groups.set(id, app.has(id) ? 'rules' : name);
  }
  for (const id of app) if (!boot.has(id) && !groups.has(id)) groups.set(id, 'index');
  const first = new Set([...boot, ...app, ...groups.keys()]);

  // Each lazily loaded part's needs beyond the first chunks.
  const partsOf = new Map<string, string[]>();
  for (const part of parts) {
    if (first.has(part)) continue;
    const name = partName(part, names);
    for (const id of uses.closure(part, first)) partsOf.set(id, [...(partsOf.get(id) ?? []), name]);
    groups.set(part, name);
  }
  for (const [id] of partsOf) {
    const own = OWN_CHUNKS.find(([, pattern]) => pattern.test(id));
    if (own && !groups.has(id)) groups.set(id, own[0]);
  }
  // A module only a library of its own chunk imports goes with it (the charts' helpers).
  for (let grew = true; grew;) {
    grew = false;
    for (const [id] of partsOf) {
      if (groups.has(id)) continue;
      const by = new Set(info(id)?.importers.map((i) => groups.get(i)));
      const [only] = by;
      if (by.size === 1 && only && OWN_CHUNKS.some(([name]) => name === only)) {
        groups.set(id, only);
        grew = true;
      }
    }
  }
  // A part the app's entry loads by itself, not a page (the offline queues' senders, the survey
  // card): what it needs goes with it, or it would load `shared` whole at every start.
  const pageOf = (part: string) =>
    info(part)!.dynamicImporters.every((by) => by.endsWith(`/${pages.router}`));
  for (const part of parts)
    if (
      !first.has(part) &&
      !pageOf(part) &&
      info(part)!.dynamicImporters.some((by) => first.has(by))
    )
      for (const id of uses.closure(part, first))
        if (!groups.has(id)) groups.set(id, groups.get(part)!);
  // A page the boot script preloads gets what it needs in its own chunk: one request on a phone.
  for (const module of pages.early) {
    const part = ids.find((id) => id.endsWith(`/${module}`));
    const name = part && groups.get(part);
    if (!name) throw new Error(`chunk groups: ${module} is not loaded lazily`);
    for (const id of uses.closure(part, first))
      if (!groups.has(id) && !OWN_CHUNKS.some(([, pattern]) => pattern.test(id)))
        groups.set(id, name);
  }
  // The rest: what two or more parts use in one chunk, what one part uses with it.
  for (const [id, names] of partsOf)
    if (!groups.has(id)) groups.set(id, names.length > 1 ? 'shared' : names[0]!);
  return groups;
}

/** A lazily loaded part's chunk name: its file's, with its folder's when another part has it. */
function partName(id: string, taken: Set<string>): string {
  const [file, folder] = id
    .replace(/\.[cm]?[jt]sx?$/, '')
    .split('/')
    .reverse();
  let name = file!;
  if (taken.has(name) || name === 'index') name = `${folder}-${name}`;
  for (let n = 2; taken.has(name); n++) name = `${folder}-${file}-${n}`;
  taken.add(name);
  return name;
}

/** The chunks a page's first load brings: the app's entry, the boot script, and what they share. */
const FIRST_CHUNKS = new Set(['index', 'boot', 'early', 'rules']);

/**
 * Fails the build if the first chunks import any other (a lazily loaded page's, `shared`, a
 * library's own): the grouping above would then have misread what they need, and every page would
 * load that chunk before it draws.
 */
export function firstChunksStayFirst(bundle: Rollup.OutputBundle): void {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const visit = (chunk: Rollup.OutputChunk, seen: Set<string>) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    if (!FIRST_CHUNKS.has(chunk.name))
      throw new Error(`chunk groups: the first chunks import ${chunk.fileName}`);
    for (const file of chunk.imports) visit(byFile.get(file)!, seen);
  };
  const seen = new Set<string>();
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk, seen);
}
