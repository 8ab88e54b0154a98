import './print.css';
import { createPortal } from 'react-dom';
import type { Order } from '../../api';
import { useFormat, useT } from '../../i18n';
import { pickList } from './pickList';
import { gradeName } from '../../components/orders/words';

/**
 * What Print pick list prints: the shown orders, a page per delivery date, students by last name
 * with a box to tick for each line. Rendered into <body> beside the app, shown only on paper.
 */
export function PickList({ orders, title }: { orders: Order[]; title: string }) {
  const t = useT();
  const f = useFormat();
  const pages = pickList(orders);
  return createPortal(
    <div className="pick-list" aria-hidden>
      {pages.map((p) => (
        <section key={p.date ?? 'none'} className="pick-page">
          <h1>
            {p.date
              ? t('orders.pickListDelivery', { date: f.longDate(p.date) })
              : t('orders.pickListNoDate')}
          </h1>
          <p>
            {t('orders.pickListSummary', {
              title,
              students: p.students.length,
              items: p.items,
            })}
          </p>
          {p.students.map((s) => (
            <div key={s.studentId} className="pick-student">
              <h2>
                {t('orders.pickStudent', {
                  name: s.sortName,
                  grade: s.gradeLevel ? gradeName(t, s.gradeLevel) : t('orders.noGrade'),
                  id: s.externalId,
                })}
              </h2>
              <ul>
                {s.lines.map((l) => (
                  <li key={l.name}>
                    {t('orders.pickLine', { quantity: l.quantity, name: l.name })}
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
