import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * An answer the database already wrote as JSON text (json_agg, …): sent as it comes, neither
 * parsed nor serialized again (docs/decisions/101-reads-in-one-statement.md).
 */
export class JsonText<T> {
  declare readonly shape: T;
  constructor(readonly text: string) {}
}

/** A route handler returns a JsonText where its schema names T: the serializer below knows it. */
export const sendJsonText = <T>(answer: JsonText<T>): T => answer as unknown as T;

type JsonSchema = { [key: string]: unknown };

/**
 * fast-json-stringify handles `anyOf [X, null]` by validating each value against the branches;
 * the same with a type list (`type: [X, 'null']`) is a plain null check.
 */
function simplifyNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplifyNullable);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node)) if (k !== 'pattern') out[k] = simplifyNullable(v);
  const any = out.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(any) && any.length === 2) {
    const nullAt = any.findIndex((s) => s.type === 'null' && Object.keys(s).length === 1);
    const other = any[1 - nullAt];
    if (nullAt >= 0 && other && typeof other.type === 'string') {
      const { anyOf: _anyOf, ...rest } = out;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

/** The answer schema as fast-json-stringify reads it; null when zod cannot write it (transforms, dates). */
function fastStringifier(schema: z.core.$ZodType): ((data: unknown) => string) | null {
  try {
    const json = z.toJSONSchema(schema, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'throw',
    });
    return fastJson(simplifyNullable(json) as Parameters<typeof fastJson>[0]);
  } catch {
    return null;
  }
}

type CompilerInput = Parameters<typeof zodSerializerCompiler>[0];

/**
 * Answers serialized in one walk by fast-json-stringify, compiled from each route's zod response
 * schema (zod's own serializer parsed every answer and then JSON.stringify walked it again).
 * `check` (tests, development): the answer is also parsed by zod as before, so a field of the
 * wrong type is still a 500 there, and both writings must be the same text.
 */
export function answerSerializer({ check }: { check: boolean }) {
  return (input: CompilerInput) => {
    const zodWrite = zodSerializerCompiler(input);
    const raw = input.schema as unknown;
    const schema =
      raw instanceof z.core.$ZodType ? raw : (raw as { properties?: unknown }).properties;
    const fast = schema instanceof z.core.$ZodType ? fastStringifier(schema) : null;
    return (data: unknown): string => {
      if (data instanceof JsonText) {
        if (check) {
          const text = zodWrite(JSON.parse(data.text));
          if (text !== JSON.stringify(JSON.parse(data.text)))
            throw new Error(`${input.method} ${input.url}: the database's JSON has other fields`);
        }
        return data.text;
      }
      if (!fast) return zodWrite(data);
      const text = fast(data);
      if (check && zodWrite(data) !== text)
        throw new Error(`${input.method} ${input.url}: fast-json-stringify wrote another answer`);
      return text;
    };
  };
}
