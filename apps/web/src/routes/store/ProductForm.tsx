import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  CloseButton,
  FileInput,
  Group,
  Image,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  MAX_ITEM_NAME_LENGTH,
  productBody,
  STORE_ITEM_CATEGORIES,
  type StoreItemCategory,
} from '@app/domain';
import {
  afterProductChange,
  isFailure,
  products,
  unwrap,
  uploads,
  type Product,
  type ProductBody,
} from '../../api';
import { schemaValidate } from '../../forms/schemaValidate';

export type ProductStore = 'School' | 'Teacher';

interface Values {
  name: string;
  description: string;
  category: StoreItemCategory;
  price: number | string;
  unlimited: boolean;
  stock: number | string;
  limitPerStudent: number | string;
  image: string | null;
  active: boolean;
}

const LABELS = {
  _id: 'Product',
  name: 'Name',
  description: 'Description',
  category: 'Category',
  price: 'Price',
  stock: 'Stock',
  limitPerStudent: 'Limit per student',
  image: 'Picture',
  active: 'Shown',
};

const num = (v: number | string): number | undefined =>
  v === '' || v === null ? undefined : Number(v);

/** The form's values as POST products/… takes them (stock null = unlimited, no limit = null). */
function toBody(v: Values, id?: string): ProductBody {
  return {
    ...(id ? { _id: id } : {}),
    name: v.name.trim(),
    description: v.description.trim() || null,
    category: v.category,
    price: num(v.price) as number,
    stock: v.unlimited ? null : (num(v.stock) as number),
    limitPerStudent: num(v.limitPerStudent) ?? null,
    image: v.image,
    active: v.active,
  };
}

const fromProduct = (p: Product | null): Values => ({
  name: p?.name ?? '',
  description: p?.description ?? '',
  category: p?.category ?? 'Items',
  price: p?.price ?? '',
  unlimited: p ? p.stock === null : false,
  stock: p?.stock ?? '',
  limitPerStudent: p?.limitPerStudent ?? '',
  image: p?.image ?? null,
  active: p?.active ?? true,
});

const check = schemaValidate<ProductBody>(productBody, LABELS);

interface Props {
  store: ProductStore;
  /** The product to change, or null for a new one. */
  product: Product | null;
  onClose: () => void;
}

/** Creates or edits a product: the shared schema checks it as the server will, the picture uploads at once. */
export function ProductForm({ store, product, onClose }: Props) {
  const queryClient = useQueryClient();
  const form = useForm<Values>({
    initialValues: fromProduct(product),
    validate: (v) => {
      const errors = check(toBody(v, product?._id));
      if (!v.unlimited && v.stock === '') errors.stock = 'Stock is required (or tick Unlimited)';
      if (v.price === '') errors.price = 'Price is required';
      return errors;
    },
  });
  const [upload, setUpload] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });
  const save = useMutation({
    mutationFn: (body: ProductBody) => unwrap(products.save(store, body)),
    onSuccess: () => {
      void afterProductChange(queryClient);
      onClose();
    },
  });

  const choosePicture = async (file: File | null) => {
    if (!file) return;
    setUpload({ busy: true, error: null });
    const grant = await uploads.url(product?._id ?? 'new');
    if (isFailure(grant)) return setUpload({ busy: false, error: grant.message });
    if (file.size > grant.maxBytes)
      return setUpload({
        busy: false,
        error: `The picture is larger than ${Math.round(grant.maxBytes / 1024 / 1024)} MB. Choose a smaller one.`,
      });
    const done = await uploads.put(grant.uploadUrl, file);
    if (isFailure(done)) return setUpload({ busy: false, error: done.message });
    form.setFieldValue('image', done.image);
    setUpload({ busy: false, error: null });
  };

  const nameLength = form.values.name.trim().length;
  return (
    <Modal
      opened
      closeButtonProps={{ 'aria-label': 'Close' }}
      onClose={onClose}
      title={product ? `Edit ${product.name}` : 'New product'}
      size="lg"
    >
      <form
        onSubmit={form.onSubmit((v) => save.mutate(toBody(v, product?._id)))}
        noValidate
        aria-label={product ? `Edit ${product.name}` : 'New product'}
      >
        <Stack gap="sm">
          <TextInput
            label="Name"
            required
            description={`${nameLength} of ${MAX_ITEM_NAME_LENGTH} characters`}
            data-autofocus
            {...form.getInputProps('name')}
          />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            maxRows={5}
            {...form.getInputProps('description')}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Select
              label="Category"
              required
              data={[...STORE_ITEM_CATEGORIES]}
              allowDeselect={false}
              {...form.getInputProps('category')}
            />
            <NumberInput
              label="Price (points)"
              required
              min={0}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('price')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Stack gap={6}>
              <NumberInput
                label="Stock"
                description="How many there are to sell"
                min={0}
                allowDecimal={false}
                allowNegative={false}
                disabled={form.values.unlimited}
                {...form.getInputProps('stock')}
              />
              <Checkbox
                label="Unlimited stock"
                {...form.getInputProps('unlimited', { type: 'checkbox' })}
              />
            </Stack>
            <NumberInput
              label="Limit per student"
              description="Leave empty for no limit"
              min={1}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('limitPerStudent')}
            />
          </SimpleGrid>
          <Stack gap={6}>
            <FileInput
              label="Picture"
              description="JPEG, PNG, WebP or GIF; it is resized and stored as WebP."
              placeholder={form.values.image ? 'Replace the picture' : 'Choose a picture'}
              accept="image/*"
              clearable={false}
              onChange={(f) => void choosePicture(f)}
              disabled={upload.busy}
              error={upload.error}
            />
            {upload.busy ? (
              <Text fz="sm" c="dimmed" role="status">
                Uploading the picture…
              </Text>
            ) : null}
            {form.values.image ? (
              <Group gap="sm" align="center">
                <Image
                  src={form.values.image}
                  alt="The product's picture"
                  h={80}
                  w={120}
                  fit="cover"
                  radius="md"
                />
                <CloseButton
                  aria-label="Remove the picture"
                  onClick={() => form.setFieldValue('image', null)}
                />
              </Group>
            ) : null}
          </Stack>
          <Switch
            label="Shown to students"
            {...form.getInputProps('active', { type: 'checkbox' })}
          />
          {save.isError ? (
            <Alert color="red" variant="light" title="Not saved">
              {save.error.message}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending} disabled={upload.busy}>
              {product ? 'Save changes' : 'Add product'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
