import type { ReactNode } from 'react';
import { AspectRatio, Badge, Card, Center, Group, Image, Stack, Text, Title } from '@mantine/core';
import type { Product } from '../../api';
import { useT } from '../../i18n';
import { categoryName, points, stockWords } from './words';

const CATEGORY_COLORS: Record<string, string> = {
  Items: 'grape',
  Privileges: 'indigo',
  Events: 'orange',
};

/**
 * The picture of a product, whole (contained, on a neutral ground where it does not fill the
 * frame: a square picture in the card's 4:3 frame is never cut), or its first letter on a tint
 * when it has none.
 */
export function ProductImage({
  product,
  height,
}: {
  product: Pick<Product, 'image' | 'name' | 'category'>;
  height?: number;
}) {
  if (product.image)
    return (
      <Image
        src={product.image}
        alt=""
        fit="contain"
        h={height}
        bg="gray.1"
        radius="md"
        loading="lazy"
      />
    );
  return (
    <Center
      h={height ?? '100%'}
      bg={`var(--mantine-color-${CATEGORY_COLORS[product.category] ?? 'gray'}-light)`}
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
      aria-hidden
    >
      <Text fz={28} fw={700} c={`${CATEGORY_COLORS[product.category] ?? 'gray'}.7`}>
        {product.name.charAt(0).toUpperCase()}
      </Text>
    </Center>
  );
}

/** One product: picture, name, category, price, stock left, limit; `children` holds its buttons. */
export function ProductCard({ product, children }: { product: Product; children?: ReactNode }) {
  const t = useT();
  const soldOut = product.stock !== null && product.stock <= 0;
  return (
    <Card p="sm" component="article" aria-label={product.name}>
      <Card.Section mb="xs">
        <AspectRatio ratio={4 / 3}>
          <ProductImage product={product} />
        </AspectRatio>
      </Card.Section>
      <Stack gap={4} style={{ flex: 1 }}>
        <Group justify="space-between" gap={4} wrap="wrap">
          <Badge
            variant="light"
            color={CATEGORY_COLORS[product.category] ?? 'gray'}
            tt="none"
            size="sm"
          >
            {categoryName(t, product.category)}
          </Badge>
          <Text fz="xs" c={soldOut ? 'red' : 'dimmed'}>
            {stockWords(t, product.stock)}
          </Text>
        </Group>
        <Title order={3} fz="md" lh={1.3}>
          {product.name}
        </Title>
        {product.description ? (
          <Text fz="sm" c="dimmed" lineClamp={2}>
            {product.description}
          </Text>
        ) : null}
        <Text fw={700} fz="lg" mt="auto">
          {points(t, product.price)}
        </Text>
        {product.limitPerStudent !== null ? (
          <Text fz="xs" c="dimmed">
            {t('store.limitPerStudent', { limit: product.limitPerStudent })}
          </Text>
        ) : null}
        {!product.active ? (
          <Badge variant="outline" color="gray" tt="none">
            {t('store.hiddenFromStudents')}
          </Badge>
        ) : null}
        {children}
      </Stack>
    </Card>
  );
}
