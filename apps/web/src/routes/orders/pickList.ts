import { compareGrades, fullName } from '@app/domain';
import type { Order } from '../../api';

interface PickLine {
  name: string;
  quantity: number;
}

interface PickStudent {
  studentId: string;
  name: string;
  /** "Lee, Jordan" for sorting and reading down a list. */
  sortName: string;
  externalId: string;
  gradeLevel: string | null;
  orders: number;
  lines: PickLine[];
}

export interface PickPage {
  /** The estimated delivery, or null for orders without one. */
  date: string | null;
  students: PickStudent[];
  items: number;
}

/**
 * The pick list: one page per delivery date (dated ones in order, then those without a date),
 * on each the students by last name with what to pack for them, the same product added up
 * across their orders.
 */
export function pickList(orders: readonly Order[]): PickPage[] {
  const pages = new Map<string | null, Map<string, PickStudent>>();
  for (const o of orders) {
    const date = o.estimatedDelivery;
    let students = pages.get(date);
    if (!students) pages.set(date, (students = new Map()));
    let s = students.get(o.student._id);
    if (!s) {
      s = {
        studentId: o.student._id,
        name: fullName(o.student),
        sortName: `${o.student.lastName}, ${o.student.firstName}`,
        externalId: o.student.externalId,
        gradeLevel: o.student.gradeLevel,
        orders: 0,
        lines: [],
      };
      students.set(o.student._id, s);
    }
    s.orders++;
    for (const i of o.orderItems) {
      const line = s.lines.find((l) => l.name === i.name);
      if (line) line.quantity += i.quantity;
      else s.lines.push({ name: i.name, quantity: i.quantity });
    }
  }
  return [...pages.entries()]
    .sort(([a], [b]) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1))
    .map(([date, students]) => {
      const list = [...students.values()].sort(
        (a, b) =>
          a.sortName.localeCompare(b.sortName) ||
          compareGrades(a.gradeLevel ?? '', b.gradeLevel ?? ''),
      );
      for (const s of list) s.lines.sort((a, b) => a.name.localeCompare(b.name));
      return {
        date,
        students: list,
        items: list.reduce((n, s) => n + s.lines.reduce((m, l) => m + l.quantity, 0), 0),
      };
    });
}
