/**
 * Fuzz cases from an OpenAPI document: for each operation a plausible request built from its
 * declared schemas, then cases that each change one thing in it (a body field, a query value or a
 * path param). Everything is drawn from a seeded PRNG, so a seed and a case number replay a case.
 */

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  default?: unknown;
  $ref?: string;
};

export interface Operation {
  method: string;
  /** OpenAPI path, e.g. `/api/v1/group-types/{id}`. */
  path: string;
  body: Schema | undefined;
  query: { name: string; schema: Schema; required: boolean }[];
  params: { name: string; schema: Schema }[];
  /** The answers the document declares, by status ('200', '400', …). */
  responses: string[];
  /** Declares no security: callable without a session. */
  public: boolean;
}

/** Values that make a request plausible, so cases get past "not found" into the code behind it. */
export interface Pools {
  /** Body and query values by field name (arrays by their plural name). */
  byName: Record<string, unknown>;
  /** Values for one route only: the first key that the OpenAPI path includes wins over byName. */
  byRoute?: Record<string, Record<string, unknown>>;
  /** A path param for this route, e.g. an existing group type id for `/group-types/{id}`. */
  pathParam(path: string, name: string): string;
}

/** Where a case changed something: `body.groups.0.name`, `query.date`, `path.id`. */
type Pointer = { in: 'body' | 'query' | 'path'; keys: (string | number)[] };

type Body = { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; text: string };

export interface FuzzCase {
  index: number;
  label: string;
  params: Record<string, { value: unknown; raw?: boolean }>;
  query: Record<string, unknown>;
  body: Body;
}

// ---------- PRNG ----------

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const pick = <T>(rng: () => number, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;

function shuffle<T>(xs: T[], rng: () => number): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [xs[i], xs[j]] = [xs[j]!, xs[i]!];
  }
  return xs;
}

// ---------- OpenAPI ----------

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation under /api/v{n}/ in the document, $refs resolved. */
export function operationsFrom(doc: any): Operation[] {
  const resolve = (s: any): any => {
    let out = s ?? {};
    for (let i = 0; out.$ref && i < 20; i++) {
      const parts = String(out.$ref).replace(/^#\//, '').split('/');
      out = parts.reduce((o: any, k) => o?.[k], doc) ?? {};
    }
    return out;
  };
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths ?? {})) {
    if (!/^\/api\/v\d+\//.test(path)) continue;
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!op) continue;
      const parameters: any[] = [...(item.parameters ?? []), ...(op.parameters ?? [])].map(resolve);
      ops.push({
        method: method.toUpperCase(),
        path,
        body: op.requestBody
          ? resolveDeep(
              resolve(resolve(op.requestBody).content?.['application/json']?.schema),
              resolve,
            )
          : undefined,
        query: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({
            name: p.name,
            schema: resolveDeep(resolve(p.schema), resolve),
            required: Boolean(p.required),
          })),
        params: parameters
          .filter((p) => p.in === 'path')
          .map((p) => ({ name: p.name, schema: resolveDeep(resolve(p.schema), resolve) })),
        responses: Object.keys(op.responses ?? {}),
        public: Array.isArray(op.security) && op.security.length === 0,
      });
    }
  }
  return ops;
}

function resolveDeep(s: Schema, resolve: (s: any) => any, depth = 0): Schema {
  if (depth > 30) return s;
  const r = (x: Schema): Schema => resolveDeep(resolve(x), resolve, depth + 1);
  const out: Schema = { ...s };
  if (out.properties)
    out.properties = Object.fromEntries(Object.entries(out.properties).map(([k, v]) => [k, r(v)]));
  if (out.items) out.items = r(out.items);
  for (const k of ['anyOf', 'oneOf', 'allOf'] as const) if (out[k]) out[k] = out[k]!.map(r);
  if (out.allOf) {
    const merged: Schema = { ...out, allOf: undefined };
    for (const part of out.allOf) {
      Object.assign(merged, {
        ...part,
        properties: { ...merged.properties, ...part.properties },
        required: [...(merged.required ?? []), ...(part.required ?? [])],
      });
    }
    return merged;
  }
  return out;
}

const typeOf = (s: Schema): string | undefined => {
  const first = s.anyOf?.[0] ?? s.oneOf?.[0];
  if (first) return typeOf(first);
  const t = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  return t ?? (s.properties ? 'object' : s.items ? 'array' : undefined);
};

// ---------- plausible values ----------

function plausible(schema: Schema, name: string, pools: Pools): unknown {
  const s = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema;
  if (name in pools.byName) return structuredClone(pools.byName[name]);
  if (s.enum?.length) return s.enum[0];
  switch (typeOf(s)) {
    case 'string': {
      if (s.format === 'email') return 'fuzz@example.com';
      let v = 'fuzz';
      if (s.minLength && v.length < s.minLength) v = v.padEnd(s.minLength, 'z');
      return s.maxLength !== undefined ? v.slice(0, Math.max(s.maxLength, 0)) : v;
    }
    case 'integer':
    case 'number':
      return Math.min(Math.max(1, s.minimum ?? 1), s.maximum ?? 1);
    case 'boolean':
      return true;
    case 'array': {
      const item = plausible(s.items ?? {}, name.replace(/s$/, ''), pools);
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => structuredClone(item));
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) {
        if (s.required?.includes(k) || k in pools.byName) out[k] = plausible(v, k, pools);
      }
      return out;
    }
    default:
      return { fuzz: 1 }; // an unconstrained value (z.unknown())
  }
}

/** Every place a case may change in a body: each value present, and each declared property left out. */
function bodyPointers(
  value: unknown,
  schema: Schema | undefined,
  keys: (string | number)[] = [],
  out: { keys: (string | number)[]; type?: string }[] = [],
) {
  const s = schema?.anyOf?.[0] ?? schema?.oneOf?.[0] ?? schema;
  out.push({ keys, type: s ? typeOf(s) : typeof value });
  if (Array.isArray(value)) value.forEach((v, i) => bodyPointers(v, s?.items, [...keys, i], out));
  else if (value !== null && typeof value === 'object') {
    const props = s?.properties ?? {};
    for (const k of new Set([...Object.keys(value), ...Object.keys(props)])) {
      if (k in (value as object))
        bodyPointers((value as Record<string, unknown>)[k], props[k], [...keys, k], out);
      else out.push({ keys: [...keys, k], type: props[k] ? typeOf(props[k]!) : undefined });
    }
  }
  return out;
}

// ---------- mutations ----------

const KINDS = [
  'wrong-type',
  'nul',
  'surrogate',
  'huge-string',
  'empty-string',
  'deep',
  'huge-number',
  'negative',
  'fraction',
  'unsafe-int',
  'extra-field',
  'bad-id',
  'array-for-object',
  'object-for-array',
  'null',
  'missing',
  'invalid-json',
  'empty-body',
] as const;
type Kind = (typeof KINDS)[number];

/** The kinds of place each mutation is best aimed at. */
const AIM: Partial<Record<Kind, string[]>> = {
  nul: ['string'],
  surrogate: ['string'],
  'huge-string': ['string'],
  'empty-string': ['string'],
  'bad-id': ['string'],
  'huge-number': ['integer', 'number'],
  negative: ['integer', 'number'],
  fraction: ['integer', 'number'],
  'unsafe-int': ['integer', 'number'],
  'array-for-object': ['object'],
  'object-for-array': ['array'],
  'extra-field': ['object'],
};

const BAD_IDS: { value: string; raw?: boolean }[] = [
  { value: 'not-a-uuid' },
  { value: '7d0e8f2a-3c4b-4d5e-8f6a-1b2c3d4e5f60' }, // a uuid of nothing
  { value: '..%2F', raw: true },
  { value: '..%2F..%2Fetc%2Fpasswd', raw: true },
  { value: 'a'.repeat(1000) },
  { value: '2026-02-30' },
  { value: '%00', raw: true },
];

/**
 * Nesting too deep for JSON.stringify or structuredClone (both recurse): kept as a marker and
 * written out as text by `toJson`.
 */
class DeepNest {
  constructor(
    readonly levels: number,
    readonly arrays: boolean,
    readonly leaf: string | number,
  ) {}
  text(): string {
    const leaf = JSON.stringify(this.leaf);
    return this.arrays
      ? '['.repeat(this.levels) + leaf + ']'.repeat(this.levels)
      : '{"a":'.repeat(this.levels) + leaf + '}'.repeat(this.levels);
  }
}

const deep = (levels: number, rng: () => number) =>
  new DeepNest(levels, rng() < 0.5, rng() < 0.5 ? 1 : 'x');

/** JSON.stringify that also writes DeepNest markers (and so never recurses deeper than the schema). */
function toJson(v: unknown): string | undefined {
  if (v instanceof DeepNest) return v.text();
  if (Array.isArray(v)) return `[${v.map((x) => toJson(x) ?? 'null').join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const entries = Object.keys(v).flatMap((k) => {
      const text = toJson((v as Record<string, unknown>)[k]);
      return text === undefined ? [] : [`${JSON.stringify(k)}:${text}`];
    });
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(v);
}

/** The new value for one place, or `undefined` with `drop` to leave it out. */
function mutate(
  kind: Kind,
  current: unknown,
  rng: () => number,
): { value?: unknown; raw?: boolean; drop?: boolean; note?: string } {
  const asString = typeof current === 'string' ? current : 'fuzz';
  switch (kind) {
    case 'wrong-type':
      if (typeof current === 'string') return { value: pick(rng, [12345, true, { a: 1 }, ['x']]) };
      if (typeof current === 'number') return { value: pick(rng, ['12', 'twelve', true, [1]]) };
      if (typeof current === 'boolean') return { value: pick(rng, ['true', 1]) };
      if (Array.isArray(current)) return { value: pick(rng, ['x', 5, true]) };
      return { value: pick(rng, ['text', 5, false]) };
    case 'nul':
      return { value: pick(rng, [`${asString}\u0000`, '\u0000', `\u0000${asString}`]) };
    case 'surrogate':
      return { value: pick(rng, [`${asString}\ud800`, '\udfff', `a\ud83dz`]) };
    case 'huge-string':
      return { value: 'a'.repeat(100_000) };
    case 'empty-string':
      return { value: pick(rng, ['', ' ', '\t\n']) };
    case 'deep':
      return { value: deep(5000, rng), note: '5000 levels' };
    case 'huge-number':
      return { value: pick(rng, [1e308, -1e308, 1e21]) };
    case 'negative':
      return { value: pick(rng, [-1, -0.0001, -2147483649]) };
    case 'fraction':
      return { value: pick(rng, [0.5, 1.5, 1e-7]) };
    case 'unsafe-int':
      return { value: pick(rng, [Number.MAX_SAFE_INTEGER + 2, 2 ** 63, 2 ** 31]) };
    case 'bad-id': {
      const bad = pick(rng, BAD_IDS);
      return { value: bad.value, raw: bad.raw };
    }
    case 'array-for-object':
      return { value: pick(rng, [[current], [], [{}]]) };
    case 'object-for-array':
      return { value: pick(rng, [{ 0: Array.isArray(current) ? current[0] : current }, {}]) };
    case 'null':
      return { value: null };
    case 'missing':
      return { drop: true };
    default:
      return { value: current };
  }
}

function getAt(root: unknown, keys: (string | number)[]): unknown {
  return keys.reduce<any>((o, k) => (o == null ? undefined : o[k]), root);
}

function setAt(
  root: unknown,
  keys: (string | number)[],
  change: { value?: unknown; drop?: boolean },
): unknown {
  if (keys.length === 0) return change.drop ? undefined : change.value;
  const parent = getAt(root, keys.slice(0, -1));
  const last = keys[keys.length - 1]!;
  if (parent === null || typeof parent !== 'object') return root;
  if (change.drop) {
    if (Array.isArray(parent) && typeof last === 'number') parent.splice(last, 1);
    else delete (parent as Record<string, unknown>)[last];
  } else (parent as Record<string | number, unknown>)[last] = change.value;
  return root;
}

const isObject = (v: unknown): v is object =>
  v !== null && typeof v === 'object' && !Array.isArray(v);
const describePointer = (p: Pointer) => [p.in, ...p.keys].join('.');

/** The plausible request for an operation (case 0), then `count - 1` cases changing one thing each. */
export function makeCases(op: Operation, count: number, seed: number, allPools: Pools): FuzzCase[] {
  const route = Object.entries(allPools.byRoute ?? {}).find(([part]) =>
    op.path.includes(part),
  )?.[1];
  const pools: Pools = { ...allPools, byName: { ...allPools.byName, ...route } };
  const rng = mulberry32(seed ^ hashString(`${op.method} ${op.path}`));
  const base = {
    params: Object.fromEntries(
      op.params.map((p) => [p.name, { value: pools.pathParam(op.path, p.name) as unknown }]),
    ),
    query: Object.fromEntries(
      op.query
        .filter((q) => q.required || q.name in pools.byName)
        .map((q) => [q.name, plausible(q.schema, q.name, pools)]),
    ) as Record<string, unknown>,
    body: op.body ? plausible(op.body, 'body', pools) : undefined,
  };
  const cases: FuzzCase[] = [];
  if (count > 0)
    cases.push({
      index: 0,
      label: 'plausible',
      params: structuredClone(base.params),
      query: structuredClone(base.query),
      body: jsonBody(base.body),
    });

  // Each pass over the kinds is shuffled, so a few cases per operation still spread over all kinds.
  let order: Kind[] = [];
  for (let i = 1; i < count; i++) {
    if (order.length === 0) order = shuffle([...KINDS], rng);
    const kind = order.pop()!;
    const c: FuzzCase = {
      index: i,
      label: kind,
      params: structuredClone(base.params),
      query: structuredClone(base.query),
      body: jsonBody(structuredClone(base.body)),
    };
    if (kind === 'invalid-json') {
      c.body = {
        kind: 'raw',
        text: pick(rng, ['{"a":', '{a:1}', "{'a':1}", '[1,]', 'undefined', '\u0000', '{"a":1}}']),
      };
      c.label = `invalid-json ${JSON.stringify(c.body.text)}`;
    } else if (kind === 'empty-body') {
      c.body = { kind: 'raw', text: pick(rng, ['', ' ', '\n']) };
      c.label = 'empty-body';
    } else {
      const pointers: (Pointer & { type?: string })[] = [
        ...op.params.map((p) => ({ in: 'path' as const, keys: [p.name], type: 'string' })),
        ...op.query.map((q) => ({ in: 'query' as const, keys: [q.name], type: typeOf(q.schema) })),
        ...(op.body
          ? bodyPointers(base.body, op.body).map((p) => ({ in: 'body' as const, ...p }))
          : []),
      ];
      const aimed = AIM[kind] ? pointers.filter((p) => AIM[kind]!.includes(p.type ?? '')) : [];
      let at =
        pointers.length === 0 || kind === 'extra-field'
          ? undefined
          : aimed.length && rng() < 0.8
            ? pick(rng, aimed)
            : pick(rng, pointers);
      if (!at) {
        // Extra fields go into an object present in the body, or into the query string.
        const objects: Pointer[] = [
          { in: 'query', keys: [] },
          ...pointers.filter(
            (p) => p.in === 'body' && p.type === 'object' && isObject(getAt(base.body, p.keys)),
          ),
        ];
        at = pick(rng, objects);
        const name = pick(rng, [
          'unknownField',
          '__proto__',
          'constructor',
          '$where',
          'a'.repeat(300),
          'x\u0000y',
        ]);
        const value = pick(rng, ['x', 1, { y: 1 }]);
        if (at.in === 'query') c.query[name] = value;
        else {
          const target = getAt(c.body.kind === 'json' ? c.body.value : undefined, at.keys);
          // defineProperty, so even `__proto__` becomes an own (serialized) key.
          if (isObject(target))
            Object.defineProperty(target, name, {
              value,
              enumerable: true,
              writable: true,
              configurable: true,
            });
        }
        c.label = `extra-field ${JSON.stringify(name.length > 20 ? `${name.slice(0, 10)}…(${name.length})` : name)} at ${describePointer(at)}`;
      } else if (at.in === 'path') {
        const name = String(at.keys[0]);
        const m = mutate(kind, c.params[name]!.value, rng);
        c.params[name] = m.drop ? { value: '' } : { value: m.value, raw: m.raw };
        c.label = `${kind}${m.note ? ` (${m.note})` : ''} at ${describePointer(at)} = ${preview(m.drop ? '' : m.value)}`;
      } else if (at.in === 'query') {
        const name = String(at.keys[0]);
        const m = mutate(
          kind,
          c.query[name] ?? plausible(op.query.find((q) => q.name === name)!.schema, name, pools),
          rng,
        );
        if (m.drop) delete c.query[name];
        else c.query[name] = m.value;
        c.label = `${kind}${m.note ? ` (${m.note})` : ''} at ${describePointer(at)}${m.drop ? '' : ` = ${preview(m.value)}`}`;
      } else {
        const current = getAt(base.body, at.keys);
        const m = mutate(kind, current, rng);
        const value = setAt(c.body.kind === 'json' ? c.body.value : undefined, at.keys, m);
        c.body = jsonBody(value);
        c.label = `${kind}${m.note ? ` (${m.note})` : ''} at ${describePointer(at)}${m.drop ? '' : ` = ${preview(m.value)}`}`;
      }
    }
    cases.push(c);
  }
  return cases;
}

const jsonBody = (value: unknown): Body =>
  value === undefined ? { kind: 'none' } : { kind: 'json', value };

function preview(v: unknown): string {
  const s = toJson(v) ?? String(v);
  return s.length > 40 ? `${s.slice(0, 30)}…(${s.length} chars)` : s;
}

// ---------- requests ----------

/** Percent-encodes like encodeURIComponent, but a lone surrogate goes out as its raw (invalid) UTF-8 bytes. */
function encodeLoose(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const pair = c >= 0xd800 && c <= 0xdbff && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    if (pair) {
      out += encodeURIComponent(s.slice(i, i + 2));
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(s[i]!);
  }
  return out;
}

const asText = (v: unknown) => (typeof v === 'string' ? v : (toJson(v) ?? String(v)));

function queryString(query: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(query)) {
    const key = encodeLoose(k);
    if (v === undefined) continue; // a pool that leaves the field out (byRoute)
    if (v === null) parts.push(key);
    else if (Array.isArray(v)) for (const x of v) parts.push(`${key}=${encodeLoose(asText(x))}`);
    else if (v !== null && typeof v === 'object')
      for (const [sub, x] of Object.entries(v))
        parts.push(`${key}[${encodeLoose(sub)}]=${encodeLoose(asText(x))}`);
    else parts.push(`${key}=${encodeLoose(asText(v))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** The URL and payload for one case; `me` replaces a `$me` path param (the caller's own id). */
export function toRequest(
  op: Operation,
  c: FuzzCase,
  me: string,
): { url: string; payload: string | undefined } {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const p = c.params[name];
    if (!p) return 'x';
    const v = p.value === '$me' ? me : p.value;
    return p.raw ? String(v) : encodeLoose(asText(v));
  });
  const payload =
    c.body.kind === 'none' ? undefined : c.body.kind === 'raw' ? c.body.text : toJson(c.body.value);
  return { url: path + queryString(c.query), payload };
}
