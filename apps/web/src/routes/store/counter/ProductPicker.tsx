import { useState } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { CounterProduct } from '@app/domain';
import { points } from '../words';
import { useT } from '../../../i18n';
import { stockWords } from '../words';

/** From how many products on sale the list gets a search box. */
const SEARCH_FROM = 6;

/** The products on sale, each with Add (off when sold out or all of its stock is in the sale). */
export function ProductPicker({
  products,
  canAdd,
  onAdd,
}: {
  products: readonly CounterProduct[];
  canAdd: (p: CounterProduct) => boolean;
  onAdd: (p: CounterProduct) => void;
}) {
  const t = useT();
  const [query, setQuery] = useState('');
  const q = query.trim().toLowerCase();
  const shown = q ? products.filter((p) => p.name.toLowerCase().includes(q)) : products;
  if (products.length === 0)
    return (
      <Text c="dimmed" fz="sm">
        {t('store.counter.noProducts')}
      </Text>
    );
  return (
    <Stack gap="xs">
      {products.length >= SEARCH_FROM ? (
        <TextInput
          label={t('store.counter.productSearch')}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
        />
      ) : null}
      {shown.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {t('store.counter.noProductMatch')}
        </Text>
      ) : (
        <Stack
          component="ul"
          gap={6}
          p={0}
          m={0}
          aria-label={t('store.counter.productsLabel')}
          style={{ listStyle: 'none', maxHeight: '22rem', overflowY: 'auto' }}
        >
          {shown.map((p) => (
            <li key={p._id}>
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={600} truncate>
                    {p.name}
                  </Text>
                  <Text fz="sm" c="dimmed">
                    {t('store.counter.twoParts', {
                      first: points(t, p.price),
                      second: stockWords(t, p.stock),
                    })}
                  </Text>
                </Stack>
                <Button
                  variant="light"
                  onClick={() => onAdd(p)}
                  disabled={!canAdd(p)}
                  aria-label={t('store.counter.addAria', { name: p.name })}
                >
                  {t('store.counter.add')}
                </Button>
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
