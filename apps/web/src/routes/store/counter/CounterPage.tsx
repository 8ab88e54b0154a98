import { useState } from 'react';
import { Card, Grid, Stack, Text } from '@mantine/core';
import type { CounterSale } from '@app/domain';
import { FormAlert, type FormResult } from '../../../components/FormAlert';
import { Page } from '../../../components/Page';
import { PageHeader } from '../../../components/PageHeader';
import { QueryState } from '../../../components/QueryState';
import { useT } from '../../../i18n';
import { useUser } from '../../../session';
import { BadgeBox } from './BadgeBox';
import { useCounterProducts, useCounterStudent, type Found } from './counterData';
import { OfflineSales } from './OfflineSales';
import { PendingOrders } from './PendingOrders';
import { Receipt } from './Receipt';
import { SaleCard } from './SaleCard';
import { saleBody, type Lines } from './saleMath';
import { StudentCard } from './StudentCard';
import { useSalesQueue, useSell } from './useSales';

/** The last sale, for its receipt (and Refund). */
interface LastSale {
  sale: CounterSale;
  name: string;
}

/** The sale for the student found, once the products on sale are known. */
function SaleFor({
  found,
  onSell,
}: {
  found: Found;
  onSell: (lines: Lines, total: number) => Promise<void>;
}) {
  const products = useCounterProducts();
  const { student, balance } = found.found;
  return (
    <QueryState query={products} size="section">
      {(list) => (
        <SaleCard
          key={student.id}
          student={student}
          balance={balance}
          products={list}
          onSell={onSell}
        />
      )}
    </QueryState>
  );
}

/**
 * /store/counter (issue 35): store managers, their assistants, admins and a cashier signed in with a
 * cashier code find a student by badge (typed or scanned), see their balance and orders waiting, hand
 * an order over or sell on the spot, and refund the last sale. With no network a sale waits on the
 * device and is sent when it returns; one the server refuses is listed with the student's name.
 */
export default function CounterPage() {
  const t = useT();
  const user = useUser();
  const schoolId = user?.school._id ?? '';
  const [code, setCode] = useState<string | null>(null);
  const student = useCounterStudent(code);
  const queue = useSalesQueue(schoolId);
  const sell = useSell(schoolId);
  const [notice, setNotice] = useState<FormResult | null>(null);
  const [last, setLast] = useState<LastSale | null>(null);
  if (!user) return null; // AccessGate renders this page for a signed-in user only

  const find = (next: string) => {
    setNotice(null);
    setCode(next);
    // The same badge again asks the server again (the balance may have moved).
    if (next === code) void student.refetch();
  };
  const onSell = (found: Found) => async (lines: Lines, total: number) => {
    const { id, name } = found.found.student;
    setNotice(null);
    const outcome = await sell(saleBody(id, lines), name, total);
    if (outcome.kind === 'sold') setLast({ sale: outcome.sale, name });
    else if (outcome.kind === 'queued')
      setNotice({ ok: true, text: t('store.counter.queued', { name }) });
    else
      setNotice({
        ok: false,
        text: t('store.counter.refused', { name, message: outcome.message }),
      });
  };

  return (
    <Page>
      <PageHeader
        title={t('layout.pageStoreCounter')}
        description={t('store.counter.description')}
      />
      <OfflineSales queue={queue} timeZone={user.school.timeZone} />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <BadgeBox onCode={find} />
            {code === null ? (
              <Card withBorder padding="lg">
                <Text c="dimmed">{t('store.counter.start')}</Text>
              </Card>
            ) : (
              <QueryState query={student} loading={t('store.counter.looking')} size="section">
                {(found) => (
                  <Stack gap="lg">
                    <StudentCard found={found} />
                    <PendingOrders
                      orders={found.found.pendingOrders}
                      name={found.found.student.name}
                    />
                  </Stack>
                )}
              </QueryState>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <FormAlert text={notice?.text} ok={notice?.ok} />
            {last ? <Receipt key={last.sale.order._id} sale={last.sale} name={last.name} /> : null}
            {student.data && code !== null ? (
              <SaleFor found={student.data} onSell={onSell(student.data)} />
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
    </Page>
  );
}
