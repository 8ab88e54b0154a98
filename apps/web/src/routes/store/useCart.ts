import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  afterCartChange,
  api,
  queryKeys,
  unwrap,
  type Cart,
  type CartLine,
  type Product,
} from '../../api';
import { useT } from '../../i18n';
import { cartWithQuantity, withQuantity } from './cartMath';

const CART_MUTATION = ['cart', 'set'] as const;

/**
 * The student's server-side cart. A change shows at once (the cache is updated before the call)
 * and the calls go out one after another, so quick clicks cannot overtake each other; the
 * server's answer (prices and stock as they are now) replaces the cache once the last is back.
 */
export function useCart(enabled = true) {
  const t = useT();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.cart,
    queryFn: () => unwrap(api.cart.get()),
    enabled,
  });
  const save = useMutation({
    mutationKey: CART_MUTATION,
    scope: { id: 'cart' },
    mutationFn: (lines: CartLine[]) => unwrap(api.cart.set({ body: { cartItems: lines } })),
    onSuccess: (saved) => {
      if (queryClient.isMutating({ mutationKey: CART_MUTATION }) <= 1)
        queryClient.setQueryData(queryKeys.cart, saved);
    },
    onError: (err) => {
      notifications.show({ color: 'red', title: t('store.cartNotSaved'), message: err.message });
      void afterCartChange(queryClient);
    },
  });

  const entries = query.data?.cartItems ?? [];
  /** Puts `quantity` of `product` in the cart (0 takes it out). */
  const setQuantity = (product: Product, quantity: number) => {
    const now = queryClient.getQueryData<Cart>(queryKeys.cart)?.cartItems ?? [];
    queryClient.setQueryData<Cart>(queryKeys.cart, {
      cartItems: cartWithQuantity(now, product, quantity),
    });
    save.mutate(withQuantity(now, product._id, quantity));
  };
  return { query, entries, setQuantity, saving: save.isPending };
}
