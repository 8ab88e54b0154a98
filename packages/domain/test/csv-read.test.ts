import { describe, expect, it } from 'vitest';
import { englishOf, parseCsv as parse } from '../src/index.js';

/** The reader, its error's reason read as its English text. */
const parseCsv = (text: string, maxRecords?: number) => {
  const r = parse(text, maxRecords);
  return { ...r, error: r.error && { line: r.error.line, reason: englishOf(r.error.reason) } };
};

const rows = (text: string) => parseCsv(text).records.map((r) => [r.line, r.fields]);

describe('parseCsv', () => {
  it.each([
    [
      'LF',
      'a,b\n1,2\n',
      [
        [1, ['a', 'b']],
        [2, ['1', '2']],
      ],
    ],
    [
      'CRLF, no final line break',
      'a,b\r\n1,2',
      [
        [1, ['a', 'b']],
        [2, ['1', '2']],
      ],
    ],
    [
      'CR alone',
      'a\r1\r',
      [
        [1, ['a']],
        [2, ['1']],
      ],
    ],
    ['empty fields and a trailing comma', ',x,\n', [[1, ['', 'x', '']]]],
    [
      'empty lines skipped, line numbers kept',
      'a\n\n\r\nb\n',
      [
        [1, ['a']],
        [4, ['b']],
      ],
    ],
    ['a byte order mark', '\ufeffsourcedId,x\n', [[1, ['sourcedId', 'x']]]],
    ['quoted commas, doubled quotes', '"a,b","say ""hi""",c\n', [[1, ['a,b', 'say "hi"', 'c']]]],
    [
      'a quoted line break: the next record starts two lines on',
      '"one\ntwo",x\ny,z\n',
      [
        [1, ['one\ntwo', 'x']],
        [3, ['y', 'z']],
      ],
    ],
    ['a quote inside an unquoted field is kept', 'O"Brien,5\'6"\n', [[1, ['O"Brien', '5\'6"']]]],
    ['an empty quoted field', '"",a\n', [[1, ['', 'a']]]],
  ] as const)('%s', (_name, text, expected) => {
    expect(rows(text)).toEqual(expected);
  });

  it('an unclosed quote is an error at the line its record starts', () => {
    const r = parseCsv('a,b\n1,"open\n2,3\n');
    expect(r.error).toEqual({ line: 2, reason: 'A quoted field is not closed.' });
    expect(r.records).toHaveLength(1);
  });

  it('text after a closing quote is an error', () => {
    expect(parseCsv('"a"b,c\n').error).toEqual({
      line: 1,
      reason: 'Text follows a closing quote in the same field.',
    });
  });

  it('stops after maxRecords and says so', () => {
    const r = parseCsv('a\nb\nc\n', 2);
    expect(r.truncated).toBe(true);
    expect(r.records.map((x) => x.fields[0])).toEqual(['a', 'b']);
    expect(parseCsv('a\nb\n', 2).truncated).toBe(false);
  });
});
