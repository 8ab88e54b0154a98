import { fullName, gradeLabel, toCsv, type CsvColumn } from '@app/domain';
import type { Order } from '../../api';
import { storeTitle } from '../../components/catalogue';

type ItemRow = { order: Order; item: Order['orderItems'][number] };

/** One row per item, the order's own fields repeated. */
const COLUMNS: readonly CsvColumn<ItemRow>[] = [
  { label: 'Order', value: ({ order }) => order._id },
  { label: 'Placed', value: ({ order }) => order.createdAt },
  { label: 'Student', value: ({ order }) => fullName(order.student) },
  { label: 'Student ID', value: ({ order }) => order.student.externalId },
  {
    label: 'Grade',
    value: ({ order }) => (order.student.gradeLevel ? gradeLabel(order.student.gradeLevel) : ''),
  },
  { label: 'Store', value: ({ order }) => storeTitle(order) },
  { label: 'Status', value: ({ order }) => order.status },
  { label: 'Estimated delivery', value: ({ order }) => order.estimatedDelivery },
  { label: 'Delivery location', value: ({ order }) => order.deliveryLocation },
  { label: 'Item', value: ({ item }) => item.name },
  { label: 'Quantity', value: ({ item }) => item.quantity },
  { label: 'Price', value: ({ item }) => item.price },
  { label: 'Line total', value: ({ item }) => item.price * item.quantity },
  { label: 'Order total', value: ({ order }) => order.total },
];

/**
 * The orders as CSV by the domain's writer (quoting, formula defusing, CRLF line ends as RFC 4180
 * says). No column holds a Date (Placed is the server's ISO text), so the time zone is not used.
 */
export function ordersCsv(orders: readonly Order[]): string {
  return toCsv(
    COLUMNS,
    orders.flatMap((order) => order.orderItems.map((item) => ({ order, item }))),
    'UTC',
  );
}
