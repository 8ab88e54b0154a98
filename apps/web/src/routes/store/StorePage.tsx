import { Alert, Stack, Tabs, Text } from '@mantine/core';
import { useQueries } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { allows } from '@app/domain';
import { products, queryKeys, unwrap, type SessionUser } from '../../api';
import { Page } from '../../components/Page';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { useUser } from '../../session';
import { sectionsOf } from '../../components/catalogue';
import { useStoreMeta } from '../../components/customization/useCustomization';
import { closedMessage } from './CartDrawer';
import { OrderForStudent } from './OrderForStudent';
import { ProductManager } from './ProductManager';
import { StoreSections } from './StoreSections';
import { StoreStateCard } from './StoreStateCard';
import { StudentStore } from './StudentStore';

/** What staff who manage no store see: every store's shown products, read only. */
function Browse() {
  const meta = useStoreMeta();
  const [school, teachers] = useQueries({
    queries: [
      { queryKey: queryKeys.products.school, queryFn: () => unwrap(products.schoolStore()) },
      { queryKey: queryKeys.products.teacher, queryFn: () => unwrap(products.teacherStore()) },
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
        <Alert color="orange" variant="light" title="The store is closed">
          {closed}
        </Alert>
      ) : null}
      <QueryState query={all} loading="Loading the store" size="section">
        {(sections) =>
          sections.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              No products for sale yet.
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
  const [params, setParams] = useSearchParams();
  const manageSchool = allows(user, 'store:manageSchool');
  const manageOwn = allows(user, 'store:manageTeacher');
  const settings = allows(user, 'settings:store');
  const tabs: { value: StaffTab; label: string }[] = [
    ...(manageSchool ? [{ value: 'school' as const, label: 'School store' }] : []),
    ...(manageOwn ? [{ value: 'mine' as const, label: 'My store' }] : []),
    { value: 'browse', label: 'All stores' },
  ];
  const asked = params.get('tab');
  const tab = tabs.find((t) => t.value === asked)?.value ?? tabs[0]!.value;
  const description = manageSchool
    ? 'Add, change, hide and delete the school store’s products, and open or close the store.'
    : manageOwn
      ? 'Your own store for your students: add products, hide them, and order for a student.'
      : 'What the stores sell.';

  return (
    <Page>
      <PageHeader title="Store" description={description} />
      {tabs.length === 1 ? (
        <Browse />
      ) : (
        <Tabs
          value={tab}
          onChange={(v) => setParams(v ? { tab: v } : {}, { replace: true })}
          keepMounted={false}
        >
          <Tabs.List mb="md">
            {tabs.map((t) => (
              <Tabs.Tab key={t.value} value={t.value}>
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {manageSchool ? (
            <Tabs.Panel value="school">
              <Stack gap="lg">
                {settings ? <StoreStateCard timeZone={user.school.timeZone} /> : null}
                <ProductManager store="School" />
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
