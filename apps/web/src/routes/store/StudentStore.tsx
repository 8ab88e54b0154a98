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
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { STORE_ITEM_CATEGORIES } from '@app/domain';
import { api, queryKeys, unwrap, type Product, type SessionUser, type StoreMeta } from '../../api';
import { Page } from '../../components/Page';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { addRefusal, cartCount, cartTotal, quantityOf, type CartEntry } from './cartMath';
import { filterProducts, sectionsOf, type CategoryFilter } from '../../components/catalogue';
import { useStoreMeta } from '../../components/customization/useCustomization';
import { CartDrawer, useClosedMessage } from './CartDrawer';
import { StoreSections } from './StoreSections';
import { Customizations } from './Customizations';
import { QuantityStepper } from './QuantityStepper';
import { useCart } from './useCart';
import { GoalPin } from './GoalPin';
import { Figure } from '../../components/Figure';
import { useFormat, useT } from '../../i18n';
import { categoryName, points } from './words';

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
  const t = useT();
  const f = useFormat();
  const pts = (n: number) => points(t, n);
  const left = balance - cartTotal(entries);
  return (
    <Card p="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <Figure label={t('store.yourBalance')} value={pts(balance)} />
        <Figure label={t('store.inYourCart')} value={pts(cartTotal(entries))} />
        <Figure
          label={t('store.leftToSpend')}
          value={pts(left)}
          color={left < 0 ? 'red' : undefined}
        />
        <Figure
          label={t('store.nextDelivery')}
          value={
            meta.nextDeliveryDate ? f.longDate(meta.nextDeliveryDate.date) : t('store.notSetYet')
          }
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
  const t = useT();
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
          label={t('store.searchProducts')}
          placeholder={t('store.searchPlaceholder')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          rightSection={
            search ? (
              <CloseButton aria-label={t('store.clearSearch')} onClick={() => setSearch('')} />
            ) : null
          }
          w={{ base: '100%', sm: 260 }}
        />
        <SegmentedControl
          aria-label={t('store.category')}
          value={category}
          onChange={(v) => setCategory(v as CategoryFilter)}
          data={[
            { value: 'All', label: t('common.all') },
            ...STORE_ITEM_CATEGORIES.map((c) => ({ value: c, label: categoryName(t, c) })),
          ]}
        />
        <Switch
          label={t('store.onlyAffordable')}
          checked={affordable}
          onChange={(e) => setAffordable(e.currentTarget.checked)}
        />
      </Group>
      {list.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('store.nothingForSale')}
        </Text>
      ) : sections.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('store.noMatch')}
        </Text>
      ) : (
        <StoreSections
          sections={sections}
          actions={(p) => {
            const inCart = quantityOf(entries, p._id);
            const refused = addRefusal(entries, p, balance);
            const refusal = refused && t(refused.key, refused.values);
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
                  aria-label={t('store.addToCartAria', { name: p.name })}
                  fullWidth
                >
                  {t('store.addToCart')}
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

/** What the store screen reads: its meta, the balance, both stores' products, the cart and the goal. */
function useStoreData() {
  const meta = useStoreMeta();
  const stats = useQuery({
    queryKey: queryKeys.balanceStats,
    queryFn: () => unwrap(api.utility.balanceStats()),
  });
  const [school, teachers] = useQueries({
    queries: [
      { queryKey: queryKeys.products.school, queryFn: () => unwrap(api.products.schoolStore()) },
      { queryKey: queryKeys.products.teacher, queryFn: () => unwrap(api.products.teacherStore()) },
    ],
  });
  const { query: cartQuery, entries, setQuantity } = useCart();
  // The goal only marks a product; the store shows without it.
  const goalQuery = useQuery({ queryKey: queryKeys.goal, queryFn: () => unwrap(api.goal.get()) });
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

  return { all, entries, setQuantity, goalId: goalQuery.data?.goal?.product._id ?? null, count };
}

/** "My Store": the school store and the student's teachers' stores, the cart, fonts and icons. */
export function StudentStore({ user }: { user: SessionUser }) {
  const t = useT();
  const closedMessage = useClosedMessage();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'customize' ? 'customize' : 'products';
  const [cartOpened, cartDrawer] = useDisclosure(false);
  const { all, entries, setQuantity, goalId, count } = useStoreData();
  return (
    <Page>
      <PageHeader
        title={t('store.myStore')}
        description={t('store.myStoreDescription')}
        actions={
          <Button size="md" onClick={cartDrawer.open} aria-label={t('store.cartAria', { count })}>
            {t('store.cartButton', { count })}
          </Button>
        }
      />
      <QueryState query={all} loading={t('store.loading')}>
        {({ meta: m, balance, list }) => (
          <Stack gap="lg">
            {closedMessage(m) ? (
              <Alert color="orange" variant="light" title={t('store.closedTitle')}>
                {t('store.stillFillCart', { closed: closedMessage(m) })}
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
                <Tabs.Tab value="products">{t('store.tabProducts')}</Tabs.Tab>
                <Tabs.Tab value="customize">{t('store.tabCustomize')}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="products">
                <Catalogue
                  list={list}
                  entries={entries}
                  balance={balance}
                  setQuantity={setQuantity}
                  goalId={goalId}
                />
              </Tabs.Panel>
              <Tabs.Panel value="customize">
                <Customizations
                  meta={m}
                  balance={balance}
                  sample={user.firstName || t('store.yourName')}
                />
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
