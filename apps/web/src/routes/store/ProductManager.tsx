import { useState } from 'react';
import {
  Alert,
  Button,
  CloseButton,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { afterProductChange, queryKeys, unwrap, type Product } from '../../api';
import { QueryState } from '../../components/QueryState';
import { filterProducts } from '../../components/catalogue';
import { useT } from '../../i18n';
import { ProductCard } from './ProductCard';
import { ProductForm, productCalls, type ProductStore } from './ProductForm';

/** Delete asks first: the product goes from the store; past orders keep their items. */
function DeleteModal({
  store,
  product,
  onClose,
}: {
  store: ProductStore;
  product: Product;
  onClose: () => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => unwrap(productCalls(store).remove({ params: { id: product._id } })),
    onSuccess: () => {
      notifications.show({ color: 'teal', message: t('store.deleted', { name: product.name }) });
      void afterProductChange(queryClient);
      onClose();
    },
  });
  return (
    <Modal
      opened
      closeButtonProps={{ 'aria-label': t('common.close') }}
      onClose={onClose}
      title={t('store.deleteQuestion', { name: product.name })}
      centered
    >
      <Stack gap="md">
        <Text>{t('store.deleteExplain')}</Text>
        {remove.isError ? (
          <Alert color="red" variant="light" title={t('store.notDeleted')}>
            {remove.error.message}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('store.keepIt')}
          </Button>
          <Button color="red" onClick={() => remove.mutate()} loading={remove.isPending}>
            {t('common.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * A store's products for whoever manages it (the school store's managers, a teacher their own):
 * hidden ones too, each with Edit, Hide or Show, and Delete; New product opens the same form.
 */
export function ProductManager({ store }: { store: ProductStore }) {
  const t = useT();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: store === 'School' ? queryKeys.products.school : queryKeys.products.teacher,
    queryFn: () => unwrap(productCalls(store).list()),
  });
  const [editing, setEditing] = useState<Product | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const [search, setSearch] = useState('');
  const toggle = useMutation({
    mutationFn: (p: Product) =>
      unwrap(productCalls(store).save({ body: { _id: p._id, active: !p.active } })),
    onSuccess: (p) => {
      notifications.show({
        color: 'teal',
        message: t(p.active ? 'store.nowShown' : 'store.nowHidden', { name: p.name }),
      });
      void afterProductChange(queryClient);
    },
    onError: (err) =>
      notifications.show({ color: 'red', title: t('store.notChanged'), message: err.message }),
  });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <TextInput
          label={t('store.searchProducts')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          rightSection={
            search ? (
              <CloseButton aria-label={t('store.clearSearch')} onClick={() => setSearch('')} />
            ) : null
          }
          w={{ base: '100%', xs: 260 }}
        />
        <Button onClick={() => setEditing('new')}>{t('store.newProduct')}</Button>
      </Group>
      <QueryState query={list} loading={t('store.loadingProducts')} size="section">
        {(items) => {
          const shown = filterProducts(items, { category: 'All', search });
          if (!items.length)
            return (
              <Text c="dimmed" ta="center" py="xl">
                {t('store.noProductsYet')}
              </Text>
            );
          if (!shown.length)
            return (
              <Text c="dimmed" ta="center" py="xl">
                {t('store.noMatch')}
              </Text>
            );
          return (
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
              {shown.map((p) => (
                <ProductCard key={p._id} product={p}>
                  <ProductButtons
                    product={p}
                    onEdit={() => setEditing(p)}
                    onToggle={() => toggle.mutate(p)}
                    toggling={toggle.isPending && toggle.variables?._id === p._id}
                    onDelete={() => setDeleting(p)}
                  />
                </ProductCard>
              ))}
            </SimpleGrid>
          );
        }}
      </QueryState>
      {editing ? (
        <ProductForm
          store={store}
          product={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deleting ? (
        <DeleteModal store={store} product={deleting} onClose={() => setDeleting(null)} />
      ) : null}
    </Stack>
  );
}

/** A product's Edit, Hide or Show, and Delete, each naming the product to a screen reader. */
function ProductButtons({
  product: p,
  onEdit,
  onToggle,
  toggling,
  onDelete,
}: {
  product: Product;
  onEdit: () => void;
  onToggle: () => void;
  toggling: boolean;
  onDelete: () => void;
}) {
  const t = useT();
  return (
    <Group gap={6}>
      <Button
        size="xs"
        variant="light"
        onClick={onEdit}
        aria-label={t('store.editProduct', { name: p.name })}
      >
        {t('common.edit')}
      </Button>
      <Button
        size="xs"
        variant="default"
        onClick={onToggle}
        loading={toggling}
        aria-label={t(p.active ? 'store.hideAria' : 'store.showAria', {
          name: p.name,
        })}
      >
        {p.active ? t('store.hide') : t('store.show')}
      </Button>
      <Button
        size="xs"
        variant="subtle"
        color="red"
        onClick={onDelete}
        aria-label={t('store.deleteAria', { name: p.name })}
      >
        {t('common.delete')}
      </Button>
    </Group>
  );
}
