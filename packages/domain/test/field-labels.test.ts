import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { API, callsOf } from '../src/index.js';
import { en, es } from '../src/i18n/index.js';

/*
 * A refused request names its field by its label in the person's language, English too (issue 33,
 * docs/decisions/136-errors-carry-a-key.md): every field a request schema of the contract names
 * has one in both catalogues, not the words fieldWords would make of its API name.
 */

type JsonSchema = Record<string, unknown>;

/** Every property name under a JSON Schema, however deep (objects, lists, unions, records). */
function fieldsOf(schema: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(schema)) for (const s of schema) fieldsOf(s, into);
  else if (schema && typeof schema === 'object') {
    const s = schema as JsonSchema;
    for (const [name, sub] of Object.entries((s.properties as JsonSchema | undefined) ?? {})) {
      into.add(name);
      fieldsOf(sub, into);
    }
    for (const key of ['items', 'prefixItems', 'anyOf', 'oneOf', 'allOf', 'additionalProperties'])
      fieldsOf(s[key], into);
    for (const sub of Object.values((s.$defs as JsonSchema | undefined) ?? {})) fieldsOf(sub, into);
  }
  return into;
}

const requestFields = () => {
  const found = new Set<string>();
  for (const { call } of callsOf(API))
    for (const part of [call.params, call.query, call.body])
      if (part) fieldsOf(z.toJSONSchema(part, { io: 'input', unrepresentable: 'any' }), found);
  return [...found].sort();
};

describe('the fields of the requests', () => {
  it('have a label in English and in Spanish', () => {
    const fields = requestFields();
    expect(fields.length).toBeGreaterThan(100);
    const english = en as Readonly<Record<string, string>>;
    const spanish = es as Readonly<Record<string, string>>;
    expect(fields.filter((f) => !english[`fields.${f}`])).toEqual([]);
    expect(fields.filter((f) => !spanish[`fields.${f}`])).toEqual([]);
  });

  it('name the class as a person does', () => {
    expect(en['fields.internalPeriodId']).toBe('Class');
    expect(es['fields.internalPeriodId']).toBe('Clase');
    expect(en['fields.periodId']).toBe('Class');
  });
});
