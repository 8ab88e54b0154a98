import { allows } from '@app/domain';
import { useUser } from '../../session';
import { FulfilmentQueue } from './FulfilmentQueue';
import { MyOrders } from './MyOrders';
import { StoreOrders } from './StoreOrders';

/** /orders: "My Orders" for students, the fulfilment queue for the store's staff, a teacher's own store's orders. */
export default function OrdersPage() {
  const user = useUser();
  if (!user) return null; // AccessGate renders this page for a signed-in user only
  if (allows(user, 'orders:readOwn')) return <MyOrders user={user} />;
  if (allows(user, 'orders:fulfil')) return <FulfilmentQueue user={user} />;
  return <StoreOrders />;
}
