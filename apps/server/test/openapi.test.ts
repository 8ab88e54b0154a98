import { beforeAll, describe, expect, it } from 'vitest';
import { makeSchool, makeUser, signIn, type SchoolRow, type UserRow } from './helpers/factories.js';
import { call, useTestApp } from './helpers/test-app.js';

/**
 * Every API route declares its answer (packages/domain/src/responses*.ts): the OpenAPI document
 * describes each one, and the server sends no field beyond the declared ones.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
  required?: string[];
  format?: string;
};
type Operation = {
  responses?: Record<
    string,
    { description?: string; content?: Record<string, { schema?: JsonSchema }> }
  >;
  security?: unknown[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema & { format?: string } }> };
};
type OpenApi = { paths: Record<string, Record<string, Operation>> };

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const describesAnswer = (s: JsonSchema | undefined) =>
  Boolean(s && (s.type || s.properties || s.items || s.anyOf || s.oneOf));

/** Paths in `value` whose keys its schema does not declare (objects with fixed properties only). */
function undeclared(value: unknown, schema: JsonSchema | undefined, at = '$'): string[] {
  if (!schema || value === null || typeof value !== 'object') return [];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) {
    const found = variants.map((v) => undeclared(value, v, at));
    return found.find((f) => f.length === 0) ?? found[0] ?? [];
  }
  if (Array.isArray(value))
    return value.flatMap((v, i) => undeclared(v, schema.items, `${at}[${i}]`));
  if (!schema.properties) return [];
  return Object.entries(value).flatMap(([k, v]) => {
    const declared = schema.properties![k];
    return declared ? undeclared(v, declared, `${at}.${k}`) : [`${at}.${k}`];
  });
}

// Development mode, so the dev routes are in the document too.
const ctx = useTestApp({ NODE_ENV: 'development' });
let doc: OpenApi;
let school: SchoolRow;
let admin: UserRow;
let token: string;

beforeAll(async () => {
  doc = ctx.app.swagger() as unknown as OpenApi;
  school = await makeSchool(ctx.database.db, { name: 'Openapi Middle' });
  admin = await makeUser(ctx.database.db, school, ['SCHOOL_ADMIN'], { lastName: 'Boss' });
  token = await signIn(ctx.app, admin);
});

const operations = () =>
  Object.entries(doc.paths)
    .filter(([path]) => path.startsWith('/api/v1/'))
    .flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([m]) => METHODS.includes(m))
        .map(([method, op]) => ({ path, method, op })),
    );

/** The JSON schema of the 2xx answer of one operation. */
function answerSchema(path: string, method: string, status = '200'): JsonSchema | undefined {
  return doc.paths[path]?.[method]?.responses?.[status]?.content?.['application/json']?.schema;
}

describe('the OpenAPI document', () => {
  it('has an operation for every API route', () => {
    const routes = ctx.app.apiRoutes.filter((r) => r.url.startsWith('/api/v1/'));
    expect(routes.length).toBeGreaterThan(40);
    expect(operations().length).toBe(routes.length);
  });

  it('every operation under /api/v1 has a 2xx answer with a JSON schema (or a file: a data export)', () => {
    const isFile = (r: { content?: Record<string, { schema?: JsonSchema }> }) =>
      Object.entries(r.content ?? {}).some(
        ([type, c]) => type !== 'application/json' && c.schema?.format === 'binary',
      );
    const missing = operations()
      .filter(({ op }) => {
        const ok = Object.entries(op.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));
        return !ok.some(
          ([, r]) => describesAnswer(r.content?.['application/json']?.schema) || isFile(r),
        );
      })
      .map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(missing).toEqual([]);
  });

  it('declares the status codes the routes send themselves', () => {
    expect(describesAnswer(answerSchema('/api/v1/group-types', 'post', '201'))).toBe(true);
    expect(describesAnswer(answerSchema('/api/v1/status', 'get', '503'))).toBe(true);
  });

  it('every call that changes points declares the Idempotency-Key header (docs/decisions/062-idempotency-key-for-every-points-change.md)', () => {
    const calls = [
      ['post', '/api/v2/order'],
      ['post', '/api/v2/order/customization'],
      ['post', '/api/v1/activity/bulk'],
      ['put', '/api/v1/activity/{id}'],
      ['delete', '/api/v1/activity/{id}'],
      ['delete', '/api/v1/activity/give/{id}'],
      ['post', '/api/v1/activity/absent/{id}'],
      ['delete', '/api/v1/activity/absent/{id}'],
      ['delete', '/api/v1/group-types/{id}/groups/{groupId}/activity'],
    ] as const;
    const withoutKey = calls.filter(([method, path]) => {
      const op = doc.paths[path]?.[method] as
        { parameters?: { in: string; name: string; required?: boolean }[] } | undefined;
      return !op?.parameters?.some(
        (p) => p.in === 'header' && p.name === 'idempotency-key' && !p.required,
      );
    });
    expect(withoutKey).toEqual([]);
  });
});

describe('who may call, what goes wrong, what goes in (the document)', () => {
  const PUBLIC = [
    'post /api/v1/auth/login',
    'post /api/v1/auth/login/school',
    'get /api/v1/auth/login/sso/state',
    'post /api/v1/auth/login/sso',
    'get /api/v1/auth/account-setup',
    'post /api/v1/auth/account-setup',
    'post /api/v1/auth/forgot-password',
    'post /api/v1/auth/reset-password',
    'post /api/v1/utility/contact',
    'put /api/v1/uploads/{token}',
    'get /api/v1/status',
  ];

  it('the public calls declare no security; every other call needs the session', () => {
    const open = operations()
      .filter(({ op }) => Array.isArray(op.security) && op.security.length === 0)
      .map(({ method, path }) => `${method} ${path}`);
    expect(open.sort()).toEqual(expect.arrayContaining(PUBLIC.sort()));
    // Exactly the routes the server opens without a session.
    const serverPublic = ctx.app.apiRoutes
      .filter((r) => r.public && r.url.startsWith('/api/v1/'))
      .map((r) => `${r.method.toLowerCase()} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(open.sort()).toEqual(serverPublic.sort());
    const secured = operations().filter(({ method, path }) => !open.includes(`${method} ${path}`));
    expect(secured.every(({ op }) => op.security === undefined)).toBe(true);
    expect((doc as unknown as { security: unknown[] }).security).toEqual([
      { authtoken: [], from: [] },
    ]);
  });

  it('every call documents its 4xx answers as { message }: 400 and 404 always, 401 and 403 with a session', () => {
    const problems = operations().flatMap(({ method, path, op }) => {
      const open = Array.isArray(op.security) && op.security.length === 0;
      const needed = ['400', '404', ...(open ? [] : ['401', '403'])];
      return needed
        .filter((code) => {
          const schema = op.responses?.[code]?.content?.['application/json']?.schema;
          return !(
            schema?.properties?.message &&
            schema.required?.includes('message') &&
            op.responses?.[code]?.description
          );
        })
        .map((code) => `${method} ${path} ${code}`);
    });
    expect(problems).toEqual([]);
    // The sign-ins also say they refuse (401) and limit (429).
    for (const path of ['/api/v1/auth/login', '/api/v1/auth/login/school'])
      expect(Object.keys(doc.paths[path]!.post!.responses!)).toEqual(
        expect.arrayContaining(['401', '429']),
      );
    expect(Object.keys(doc.paths['/api/v1/activity/bulk']!.post!.responses!)).toContain('409');
  });

  it('the picture upload and the roster calls document their bodies', () => {
    const upload = doc.paths['/api/v1/uploads/{token}']!.put!.requestBody?.content ?? {};
    expect(Object.keys(upload)).toEqual(
      expect.arrayContaining(['image/jpeg', 'image/png', 'image/webp']),
    );
    expect(upload['image/png']?.schema).toMatchObject({ type: 'string', format: 'binary' });
    expect(Object.keys(doc.paths['/api/v1/uploads/{token}']!.put!.responses!)).toEqual(
      expect.arrayContaining(['409', '413']),
    );
    for (const path of ['/api/v1/roster/dry-run', '/api/v1/roster/import']) {
      const form = doc.paths[path]!.post!.requestBody?.content?.['multipart/form-data']?.schema;
      expect(form?.properties?.files?.items).toMatchObject({ type: 'string', format: 'binary' });
      expect(Object.keys(doc.paths[path]!.post!.responses!)).toEqual(
        expect.arrayContaining(['413', '415']),
      );
    }
  });
});

describe('answers carry only declared fields', () => {
  it('GET utility/contact: a message as sent, without the school or sender ids of its row', async () => {
    const sent = await call(ctx.app, 'POST', '/utility/contact', {
      payload: {
        userName: 'Pat Parent',
        userSchool: school.name,
        userEmail: 'pat@example.com',
        userRole: 'Parent',
        userMessage: 'Hello',
      },
    });
    expect(sent.status).toBe(200);
    const schema = answerSchema('/api/v1/utility/contact', 'get');
    const declared = Object.keys(schema?.items?.properties ?? {}).sort();
    expect(declared).toEqual([
      '_id',
      'createdAt',
      'userEmail',
      'userMessage',
      'userName',
      'userRole',
      'userSchool',
    ]);

    const res = await call(ctx.app, 'GET', '/utility/contact', { token });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(Object.keys(res.body[0]).sort()).toEqual(declared);
    expect(res.body[0]).toMatchObject({
      _id: sent.body._id,
      userName: 'Pat Parent',
      userMessage: 'Hello',
    });
    expect(undeclared(res.body, schema)).toEqual([]);
  });

  it('POST auth/me: the session user and school, nothing else of the rows', async () => {
    const res = await call(ctx.app, 'POST', '/auth/me', { token });
    expect(res.status).toBe(200);
    const schema = answerSchema('/api/v1/auth/me', 'post');
    expect(Object.keys(res.body).sort()).toEqual(Object.keys(schema?.properties ?? {}).sort());
    expect(undeclared(res.body, schema)).toEqual([]);
  });

  it('GET status: the 200 answer is the declared one', async () => {
    const res = await call(ctx.app, 'GET', '/status');
    expect(res.status).toBe(200);
    expect(undeclared(res.body, answerSchema('/api/v1/status', 'get'))).toEqual([]);
  });
});
