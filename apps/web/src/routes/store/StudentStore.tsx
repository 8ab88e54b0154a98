import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  CloseButton,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { longDate, STORE_ITEM_CATEGORIES } from '@app/domain';
import {
  balances,
  goal,
  products,
  queryKeys,
  unwrap,
  type Product,
  type SessionUser,
  type StoreMeta,
} from '../../api';
import { Page } from '../../components/Page';
import { PageHeader } from '../../components/PageHeader';
import { formatPoints } from '../../components/points';
import { QueryState } from '../../components/QueryState';
import { addRefusal, cartCount, cartTotal, quantityOf, type CartEntry } from './cartMath';
import { filterProducts, sectionsOf, type CategoryFilter } from '../../components/catalogue';
import { useStoreMeta } from '../../components/customization/useCustomization';
import { CartDrawer, closedMessage } from './CartDrawer';
import { StoreSections } from './StoreSections';
import { Customizations } from './Customizations';
import { QuantityStepper } from './QuantityStepper';
import { useCart } from './useCart';
import { GoalPin } from './GoalPin';
import { Figure } from '../../components/Figure';

const pts = (n: number) => `${formatPoints(n)} ${n === 1 ? 'point' : 'points'}`;

/** Balance, what the cart costs, what is left to spend, and when the next delivery is. */
function Summary({
  balance,
  entries,
  meta,
}: {
  balance: number;
  entries: CartEntry[];
  meta: StoreMeta;
}) {
  const left = balance - cartTotal(entries);
  return (
    <Card p="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <Figure label="Your balance" value={pts(balance)} />
        <Figure label="In your cart" value={pts(cartTotal(entries))} />
        <Figure label="Left to spend" value={pts(left)} color={left < 0 ? 'red' : undefined} />
        <Figure
          label="Next delivery"
          value={meta.nextDeliveryDate ? longDate(meta.nextDeliveryDate.date) : 'Not set yet'}
        />
      </SimpleGrid>
    </Card>
  );
}

interface CatalogueProps {
  list: Product[];
  entries: CartEntry[];
  balance: number;
  setQuantity: (p: Product, q: number) => void;
  /** The product of the student's saving goal, if any. */
  goalId: string | null;
}

/** The products by store, filtered by category, search and what the student can afford. */
function Catalogue({ list, entries, balance, setQuantity, goalId }: CatalogueProps) {
  const [category, setCategory] = useState<CategoryFilter>('All');
  const [search, setSearch] = useState('');
  const [affordable, setAffordable] = useState(false);
  const left = balance - cartTotal(entries);
  const shown = filterProducts(list, {
    category,
    search,
    affordableWithin: affordable ? left : null,
  });
  const sections = sectionsOf(shown);

  return (
    <Stack gap="lg">
      <Group align="flex-end" gap="md" wrap="wrap">
        <TextInput
          label="Search products"
          placeholder="Name or description"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          rightSection={
            search ? <CloseButton aria-label="Clear search" onClick={() => setSearch('')} /> : null
          }
          w={{ base: '100%', sm: 260 }}
        />
        <SegmentedControl
          aria-label="Category"
          value={category}
          onChange={(v) => setCategory(v as CategoryFilter)}
          data={['All', ...STORE_ITEM_CATEGORIES]}
        />
        <Switch
          label="Only what I can afford"
          checked={affordable}
          onChange={(e) => setAffordable(e.currentTarget.checked)}
        />
      </Group>
      {list.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          The store has nothing for sale yet. Check back soon!
        </Text>
      ) : sections.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          No products match.
        </Text>
      ) : (
        <StoreSections
          sections={sections}
          actions={(p) => {
            const inCart = quantityOf(entries, p._id);
            const refusal = addRefusal(entries, p, balance);
            const pin = <GoalPin product={p} pinned={goalId === p._id} />;
            return inCart > 0 ? (
              <Stack gap={4}>
                <QuantityStepper
                  name={p.name}
                  quantity={inCart}
                  onChange={(q) => setQuantity(p, q)}
                  addRefusal={refusal}
                />
                {pin}
              </Stack>
            ) : (
              <Stack gap={2}>
                <Button
                  onClick={() => setQuantity(p, 1)}
                  disabled={refusal !== null}
                  aria-label={`Add to cart: ${p.name}`}
                  fullWidth
                >
                  Add to cart
                </Button>
                {refusal ? (
                  <Text fz="xs" c="dimmed" ta="center">
                    {refusal}
                  </Text>
                ) : null}
                {pin}
              </Stack>
            );
          }}
        />
      )}
    </Stack>
  );
}

/** "My Store": the school store and the student's teachers' stores, the cart, fonts and icons. */
export function StudentStore({ user }: { user: SessionUser }) {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'customize' ? 'customize' : 'products';
  const [cartOpened, cartDrawer] = useDisclosure(false);
  const meta = useStoreMeta();
  const stats = useQuery({
    queryKey: queryKeys.balanceStats,
    queryFn: () => unwrap(balances.stats()),
  });
  const [school, teachers] = useQueries({
    queries: [
      { queryKey: queryKeys.products.school, queryFn: () => unwrap(products.schoolStore()) },
      { queryKey: queryKeys.products.teacher, queryFn: () => unwrap(products.teacherStore()) },
    ],
  });
  const { query: cartQuery, entries, setQuantity } = useCart();
  // The goal only marks a product; the store shows without it.
  const goalQuery = useQuery({ queryKey: queryKeys.goal, queryFn: () => unwrap(goal.get()) });
  const count = cartCount(entries);

  // One state for everything the screen needs before it can say anything true.
  const all = {
    isPending:
      meta.isPending ||
      stats.isPending ||
      school.isPending ||
      teachers.isPending ||
      cartQuery.isPending,
    error: meta.error ?? stats.error ?? school.error ?? teachers.error ?? cartQuery.error,
    isFetching:
      meta.isFetching ||
      stats.isFetching ||
      school.isFetching ||
      teachers.isFetching ||
      cartQuery.isFetching,
    refetch: () =>
      Promise.all([
        meta.refetch(),
        stats.refetch(),
        school.refetch(),
        teachers.refetch(),
        cartQuery.refetch(),
      ]),
    data:
      meta.data && stats.data && school.data && teachers.data
        ? { meta: meta.data, balance: stats.data.balance, list: [...school.data, ...teachers.data] }
        : undefined,
  };

  return (
    <Page>
      <PageHeader
        title="My Store"
        description="Spend your points on items, privileges and events."
        actions={
          <Button size="md" onClick={cartDrawer.open}>
            Cart · {count}
            <VisuallyHidden> {count === 1 ? 'item' : 'items'}</VisuallyHidden>
          </Button>
        }
      />
      <QueryState query={all} loading="Loading the store">
        {({ meta: m, balance, list }) => (
          <Stack gap="lg">
            {closedMessage(m) ? (
              <Alert color="orange" variant="light" title="The store is closed">
                {closedMessage(m)} You can still fill your cart.
              </Alert>
            ) : null}
            <Summary balance={balance} entries={entries} meta={m} />
            <Tabs
              value={tab}
              onChange={(v) =>
                setParams(v === 'customize' ? { tab: 'customize' } : {}, { replace: true })
              }
              keepMounted={false}
            >
              <Tabs.List mb="md">
                <Tabs.Tab value="products">Products</Tabs.Tab>
                <Tabs.Tab value="customize">Fonts &amp; icons</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="products">
                <Catalogue
                  list={list}
                  entries={entries}
                  balance={balance}
                  setQuantity={setQuantity}
                  goalId={goalQuery.data?.goal?.product._id ?? null}
                />
              </Tabs.Panel>
              <Tabs.Panel value="customize">
                <Customizations meta={m} balance={balance} sample={user.firstName || 'Your name'} />
              </Tabs.Panel>
            </Tabs>
            <CartDrawer
              opened={cartOpened}
              onClose={cartDrawer.close}
              entries={entries}
              setQuantity={setQuantity}
              balance={balance}
              meta={m}
            />
          </Stack>
        )}
      </QueryState>
    </Page>
  );
}
