import './print.css';
import { createPortal } from 'react-dom';
import { gradeLabel, longDate } from '@app/domain';
import type { Order } from '../../api';
import { pickList } from './pickList';

/**
 * What Print pick list prints: the shown orders, a page per delivery date, students by last name
 * with a box to tick for each line. Rendered into <body> beside the app, shown only on paper.
 */
export function PickList({ orders, title }: { orders: Order[]; title: string }) {
  const pages = pickList(orders);
  return createPortal(
    <div className="pick-list" aria-hidden>
      {pages.map((p) => (
        <section key={p.date ?? 'none'} className="pick-page">
          <h1>Pick list · {p.date ? `Delivery ${longDate(p.date)}` : 'No delivery date'}</h1>
          <p>
            {title} · {p.students.length} {p.students.length === 1 ? 'student' : 'students'},{' '}
            {p.items} {p.items === 1 ? 'item' : 'items'}
          </p>
          {p.students.map((s) => (
            <div key={s.studentId} className="pick-student">
              <h2>
                {s.sortName} · {s.gradeLevel ? gradeLabel(s.gradeLevel) : 'No grade'} · ID{' '}
                {s.externalId}
              </h2>
              <ul>
                {s.lines.map((l) => (
                  <li key={l.name}>
                    ☐ {l.quantity} × {l.name}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      ))}
    </div>,
    document.body,
  );
}
