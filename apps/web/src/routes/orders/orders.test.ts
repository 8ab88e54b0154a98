import { describe, expect, it } from 'vitest';
import type { Order } from '../../api';
import { csvField, formatIcu, type Language, type MessageKey } from '@app/domain';
import { en } from '@app/domain/i18n/en';
import { es } from '@app/domain/i18n/es';
import { ordersCsv } from './csv';
import { pickList } from './pickList';

const student = (
  id: string,
  firstName: string,
  lastName: string,
  gradeLevel: string | null = '7',
) => ({ _id: id, externalId: `X${id}`, firstName, lastName, gradeLevel });
const order = (
  id: string,
  s: ReturnType<typeof student>,
  estimatedDelivery: string | null,
  items: [string, number, number][],
): Order => ({
  _id: id,
  status: 'PENDING',
  orderItems: items.map(([name, quantity, price]) => ({
    productId: name,
    name,
    quantity,
    price,
    category: 'Items',
  })),
  total: items.reduce((n, [, q, pr]) => n + q * pr, 0),
  studentId: s._id,
  estimatedDelivery,
  deliveryLocation: null,
  store: 'School',
  createdAt: '2025-10-01T16:00:00.000Z',
  updatedAt: '2025-10-01T16:00:00.000Z',
  cutOffDate: null,
  student: s,
  teacher: null,
});

/** A screen's words in `lang`, in a school whose currency is Merits. */
const words =
  (lang: Language) =>
  (key: MessageKey, values?: Record<string, unknown>): string =>
    formatIcu(lang, (lang === 'es' ? es : en)[key], {
      currency: 'Merits',
      currencyOne: 'Merit',
      ...(values as Record<string, string | number>),
    });

describe('CSV export', () => {
  it('quotes commas, quotes and line breaks, and defuses formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField(-3)).toBe('-3');
    expect(csvField(null)).toBe('');
  });

  it('writes one row per item with the order repeated', () => {
    const csv = ordersCsv(
      [
        order('o1', student('s1', 'Ana', 'Kim'), '2025-10-10', [
          ['Pencil, blue', 2, 5],
          ['Sticker', 1, 3],
        ]),
      ],
      words('en'),
      'America/Chicago',
    );
    const lines = csv.trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^Order,Placed \(America\/Chicago\),Student,/);
    expect(lines[1]).toBe(
      'o1,2025-10-01 11:00,Ana Kim,Xs1,7th Grade,School store,PENDING,2025-10-10,,"Pencil, blue",2,5,10,13',
    );
    expect(lines[2]).toContain(',Sticker,1,3,3,13');
  });

  it("writes the headings, grade and store in the screens' language", () => {
    const [head, row] = ordersCsv(
      [order('o1', student('s1', 'Ana', 'Kim'), null, [['Lápiz', 1, 5]])],
      words('es'),
      'America/Chicago',
    ).split('\r\n');
    expect(head).toMatch(
      /^Pedido,Hecho \(America\/Chicago\),Estudiante,ID del estudiante,Grado,Tienda,Estado,/,
    );
    expect(row).toContain(',7.º grado,Tienda de la escuela,PENDING,');
  });
});

describe('CSV export times', () => {
  it('gives when each order was placed in the school’s time zone, as the screen does, and names the zone', () => {
    const at = (createdAt: string): Order => ({
      ...order('o1', student('s1', 'Ana', 'Kim'), null, [['Pencil', 1, 5]]),
      createdAt,
    });
    const csv = ordersCsv(
      // Late morning, and an evening order that is already the next day in UTC.
      [at('2026-10-14T18:32:00.000Z'), at('2026-10-15T03:10:00.000Z')],
      words('en'),
      'America/Los_Angeles',
    );
    const [head, morning, evening] = csv.trimEnd().split('\r\n');
    expect(head).toMatch(/^Order,Placed \(America\/Los_Angeles\),/);
    expect(morning).toMatch(/^o1,2026-10-14 11:32,/);
    expect(evening).toMatch(/^o1,2026-10-14 20:10,/);
  });
});

describe('pick list', () => {
  it('makes a page per delivery date (undated last), students by last name, the same product added up', () => {
    const kim = student('s1', 'Ana', 'Kim');
    const abe = student('s2', 'Zed', 'Abe');
    const pages = pickList([
      order('o1', kim, '2025-10-17', [['Pencil', 1, 5]]),
      order('o2', kim, '2025-10-10', [['Pencil', 2, 5]]),
      order('o3', abe, '2025-10-10', [['Sticker', 1, 3]]),
      order('o4', kim, '2025-10-10', [
        ['Pencil', 1, 5],
        ['Eraser', 1, 2],
      ]),
      order('o5', abe, null, [['Sticker', 1, 3]]),
    ]);
    expect(pages.map((p) => p.date)).toEqual(['2025-10-10', '2025-10-17', null]);
    const first = pages[0]!;
    expect(first.students.map((s) => s.sortName)).toEqual(['Abe, Zed', 'Kim, Ana']);
    expect(first.students[1]!.lines).toEqual([
      { name: 'Eraser', quantity: 1 },
      { name: 'Pencil', quantity: 3 },
    ]);
    expect(first.students[1]!.orders).toBe(2);
    expect(first.items).toBe(5);
  });
});
