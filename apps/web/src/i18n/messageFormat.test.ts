import { describe, expect, it } from 'vitest';
import { messageFormat } from './messageFormat';

describe('messageFormat', () => {
  it('formats plurals, numbers and dates in each language with shared formatters', () => {
    const plural = '{count, plural, one {# student} other {# students}}';
    expect(messageFormat(plural, 'en').format({ count: 1 })).toBe('1 student');
    expect(messageFormat(plural, 'en').format({ count: 1234 })).toBe('1,234 students');
    const es = '{count, plural, one {# alumno} other {# alumnos}}';
    expect(messageFormat(es, 'es').format({ count: 12345 })).toBe('12.345 alumnos');
    expect(messageFormat('{n, number}', 'en').format({ n: 5000 })).toBe('5,000');
    expect(messageFormat('{n, number}', 'es').format({ n: 50000 })).toBe('50.000');
    const day = new Date('2026-11-25T12:00:00Z');
    expect(messageFormat('{d, date, long}', 'en').format({ d: day })).toContain('November');
    expect(messageFormat('{d, date, long}', 'es').format({ d: day })).toContain('noviembre');
  });

  it('keeps each language its own after the other was built', () => {
    const m = '{count, plural, one {one} other {many}}';
    messageFormat(m, 'es');
    expect(messageFormat(m, 'en').resolvedOptions().locale).toBe('en');
    expect(messageFormat(m, 'es').resolvedOptions().locale).toBe('es');
  });
});
