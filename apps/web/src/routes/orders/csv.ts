import { fullName, toCsv, type CsvColumn } from '@app/domain';
import type { Order } from '../../api';
import type { Translate } from '../../i18n/useT';
import { storeName } from '../../components/storeName';
import { gradeName } from '../../components/orders/words';

type ItemRow = { order: Order; item: Order['orderItems'][number] };

/** One row per item, the order's own fields repeated; the headings in the screens' language. */
const columns = (t: Translate): readonly CsvColumn<ItemRow>[] => [
  { label: t('orders.csvOrder'), value: ({ order }) => order._id },
  // When it was placed as the screen shows it: the school's clock, the zone in the heading.
  { label: t('orders.csvPlaced'), value: ({ order }) => new Date(order.createdAt), dated: true },
  { label: t('orders.csvStudent'), value: ({ order }) => fullName(order.student) },
  { label: t('orders.csvStudentId'), value: ({ order }) => order.student.externalId },
  {
    label: t('orders.csvGrade'),
    value: ({ order }) => (order.student.gradeLevel ? gradeName(t, order.student.gradeLevel) : ''),
  },
  { label: t('orders.csvStore'), value: ({ order }) => storeName(t, order) },
  // The status as the API names it (PENDING…), a value to filter on in a spreadsheet.
  { label: t('orders.csvStatus'), value: ({ order }) => order.status },
  { label: t('orders.csvEstimatedDelivery'), value: ({ order }) => order.estimatedDelivery },
  { label: t('orders.csvDeliveryLocation'), value: ({ order }) => order.deliveryLocation },
  { label: t('orders.csvItem'), value: ({ item }) => item.name },
  { label: t('orders.csvQuantity'), value: ({ item }) => item.quantity },
  { label: t('orders.csvPrice'), value: ({ item }) => item.price },
  { label: t('orders.csvLineTotal'), value: ({ item }) => item.price * item.quantity },
  { label: t('orders.csvOrderTotal'), value: ({ order }) => order.total },
];

/**
 * The orders as CSV by the domain's writer (quoting, formula defusing, CRLF line ends as RFC 4180
 * says), their times in the school's `timeZone` ("2026-10-14 11:32") under a heading that names
 * it ("Placed (America/Los_Angeles)").
 */
export function ordersCsv(orders: readonly Order[], t: Translate, timeZone: string): string {
  return toCsv(
    columns(t),
    orders.flatMap((order) => order.orderItems.map((item) => ({ order, item }))),
    timeZone,
  );
}
