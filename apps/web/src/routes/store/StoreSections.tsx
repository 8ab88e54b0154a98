import type { ReactNode } from 'react';
import { SimpleGrid, Stack, Title } from '@mantine/core';
import type { Product } from '../../api';
import type { StoreSection } from '../../components/catalogue';
import { useT } from '../../i18n';
import { ProductCard } from './ProductCard';
import { storeName } from '../../components/storeName';

/** The products, one titled section a store; `actions` gives a product's buttons (none to browse). */
export function StoreSections({
  sections,
  actions,
}: {
  sections: StoreSection[];
  actions?: (product: Product) => ReactNode;
}) {
  const t = useT();
  return sections.map((s) => (
    <Stack key={s.key} gap="sm" component="section" aria-labelledby={`store-${s.key}`}>
      <Title order={2} fz="h3" id={`store-${s.key}`}>
        {storeName(t, s.products[0]!)}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
        {s.products.map((p) => (
          <ProductCard key={p._id} product={p}>
            {actions?.(p)}
          </ProductCard>
        ))}
      </SimpleGrid>
    </Stack>
  ));
}
