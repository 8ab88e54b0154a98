import { Alert, Button, Stack, Tabs, Text } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { allows } from '@app/domain';
import { api, queryKeys, unwrap, type SessionUser } from '../../api';
import { Page } from '../../components/Page';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { useT } from '../../i18n';
import { useUser } from '../../session';
import { sectionsOf } from '../../components/catalogue';
import { useStoreMeta } from '../../components/customization/useCustomization';
import { useClosedMessage } from './CartDrawer';
import { CashierCodes } from './CashierCodes';
import { OrderForStudent } from './OrderForStudent';
import { ProductManager } from './ProductManager';
import { StoreSections } from './StoreSections';
import { StoreStateCard } from './StoreStateCard';
import { StudentStore } from './StudentStore';

/** What staff who manage no store see: every store's shown products, read only. */
function Browse() {
  const t = useT();
  const meta = useStoreMeta();
  const closedMessage = useClosedMessage();
  const [school, teachers] = useQueries({
    queries: [
      { queryKey: queryKeys.products.school, queryFn: () => unwrap(api.products.schoolStore()) },
      { queryKey: queryKeys.products.teacher, queryFn: () => unwrap(api.products.teacherStore()) },
    ],
  });
  const all = {
    isPending: school.isPending || teachers.isPending,
    error: school.error ?? teachers.error,
    isFetching: school.isFetching || teachers.isFetching,
    refetch: () => Promise.all([school.refetch(), teachers.refetch()]),
    data: school.data && teachers.data ? sectionsOf([...school.data, ...teachers.data]) : undefined,
  };
  const closed = meta.data ? closedMessage(meta.data) : null;
  return (
    <Stack gap="lg">
      {closed ? (
        <Alert color="orange" variant="light" title={t('store.closedTitle')}>
          {closed}
        </Alert>
      ) : null}
      <QueryState query={all} loading={t('store.loading')} size="section">
        {(sections) =>
          sections.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              {t('store.noProductsForSale')}
            </Text>
          ) : (
            <StoreSections sections={sections} />
          )
        }
      </QueryState>
    </Stack>
  );
}

type StaffTab = 'school' | 'mine' | 'browse';

/** Staff: the school store to manage (admins, store managers), their own store (teachers with a class), every store to look at. */
function StaffStore({ user }: { user: SessionUser }) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const manageSchool = allows(user, 'store:manageSchool');
  const manageOwn = allows(user, 'store:manageTeacher');
  const settings = allows(user, 'settings:store');
  const tabs: { value: StaffTab; label: string }[] = [
    ...(manageSchool ? [{ value: 'school' as const, label: t('store.tabSchool') }] : []),
    ...(manageOwn ? [{ value: 'mine' as const, label: t('store.tabMine') }] : []),
    { value: 'browse', label: t('store.tabBrowse') },
  ];
  const asked = params.get('tab');
  const tab = tabs.find((s) => s.value === asked)?.value ?? tabs[0]!.value;
  const description = manageSchool
    ? t('store.descManageSchool')
    : manageOwn
      ? t('store.descManageOwn')
      : t('store.descBrowse');

  return (
    <Page>
      <PageHeader
        title={t('store.title')}
        description={description}
        actions={
          // The store counter (issue 35), for whoever serves at it.
          allows(user, 'counter:use') ? (
            <Button component={Link} to="/store/counter" variant="light">
              {t('store.cashier.openCounter')}
            </Button>
          ) : undefined
        }
      />
      {tabs.length === 1 ? (
        <Browse />
      ) : (
        <Tabs
          value={tab}
          onChange={(v) => setParams(v ? { tab: v } : {}, { replace: true })}
          keepMounted={false}
        >
          <Tabs.List mb="md">
            {tabs.map((s) => (
              <Tabs.Tab key={s.value} value={s.value}>
                {s.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {manageSchool ? (
            <Tabs.Panel value="school">
              <Stack gap="lg">
                {settings ? <StoreStateCard timeZone={user.school.timeZone} /> : null}
                <ProductManager store="School" />
                {allows(user, 'cashierCodes:manage') ? (
                  <CashierCodes timeZone={user.school.timeZone} />
                ) : null}
              </Stack>
            </Tabs.Panel>
          ) : null}
          {manageOwn ? (
            <Tabs.Panel value="mine">
              <Stack gap="lg">
                <ProductManager store="Teacher" />
                {allows(user, 'orders:place') ? <OrderForStudent /> : null}
              </Stack>
            </Tabs.Panel>
          ) : null}
          <Tabs.Panel value="browse">
            <Browse />
          </Tabs.Panel>
        </Tabs>
      )}
    </Page>
  );
}

/** /store: "My Store" for students; the stores to manage or look at for everyone else. */
export default function StorePage() {
  const user = useUser();
  if (!user) return null; // AccessGate renders this page for a signed-in user only
  return allows(user, 'cart:use') ? <StudentStore user={user} /> : <StaffStore user={user} />;
}
