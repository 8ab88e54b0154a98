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
import { afterProductChange, products, queryKeys, unwrap, type Product } from '../../api';
import { QueryState } from '../../components/QueryState';
import { filterProducts } from '../../components/catalogue';
import { ProductCard } from './ProductCard';
import { ProductForm, type ProductStore } from './ProductForm';

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
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => unwrap(products.remove(store, product._id)),
    onSuccess: () => {
      notifications.show({ color: 'teal', message: `${product.name} deleted.` });
      void afterProductChange(queryClient);
      onClose();
    },
  });
  return (
    <Modal
      opened
      closeButtonProps={{ 'aria-label': 'Close' }}
      onClose={onClose}
      title={`Delete ${product.name}?`}
      centered
    >
      <Stack gap="md">
        <Text>
          It leaves the store and students' carts. Orders already placed keep it, with the name and
          price they were bought at.
        </Text>
        {remove.isError ? (
          <Alert color="red" variant="light" title="Not deleted">
            {remove.error.message}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep it
          </Button>
          <Button color="red" onClick={() => remove.mutate()} loading={remove.isPending}>
            Delete
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
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: store === 'School' ? queryKeys.products.school : queryKeys.products.teacher,
    queryFn: () => unwrap(store === 'School' ? products.schoolStore() : products.teacherStore()),
  });
  const [editing, setEditing] = useState<Product | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const [search, setSearch] = useState('');
  const toggle = useMutation({
    mutationFn: (p: Product) => unwrap(products.save(store, { _id: p._id, active: !p.active })),
    onSuccess: (p) => {
      notifications.show({
        color: 'teal',
        message: p.active
          ? `${p.name} is shown to students.`
          : `${p.name} is hidden from students.`,
      });
      void afterProductChange(queryClient);
    },
    onError: (err) =>
      notifications.show({ color: 'red', title: 'Not changed', message: err.message }),
  });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <TextInput
          label="Search products"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          rightSection={
            search ? <CloseButton aria-label="Clear search" onClick={() => setSearch('')} /> : null
          }
          w={{ base: '100%', xs: 260 }}
        />
        <Button onClick={() => setEditing('new')}>New product</Button>
      </Group>
      <QueryState query={list} loading="Loading products" size="section">
        {(items) => {
          const shown = filterProducts(items, { category: 'All', search });
          if (!items.length)
            return (
              <Text c="dimmed" ta="center" py="xl">
                No products yet. Add the first one with New product.
              </Text>
            );
          if (!shown.length)
            return (
              <Text c="dimmed" ta="center" py="xl">
                No products match.
              </Text>
            );
          return (
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
              {shown.map((p) => (
                <ProductCard key={p._id} product={p}>
                  <Group gap={6}>
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => setEditing(p)}
                      aria-label={`Edit ${p.name}`}
                    >
                      Edit
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => toggle.mutate(p)}
                      loading={toggle.isPending && toggle.variables?._id === p._id}
                      aria-label={`${p.active ? 'Hide' : 'Show'} ${p.name}`}
                    >
                      {p.active ? 'Hide' : 'Show'}
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => setDeleting(p)}
                      aria-label={`Delete ${p.name}`}
                    >
                      Delete
                    </Button>
                  </Group>
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
