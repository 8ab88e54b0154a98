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
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  MAX_DESCRIPTION_LENGTH,
  MAX_ITEM_NAME_LENGTH,
  MAX_PRODUCT_PRICE,
  MAX_PRODUCT_STOCK,
  productBody,
  STORE_ITEM_CATEGORIES,
  type StoreItemCategory,
} from '@app/domain';
import {
  afterProductChange,
  api,
  isFailure,
  unwrap,
  type Product,
  type ProductBody,
} from '../../api';
import { paramsOf } from '../../api/contract-client';
import { ROUTE_TABLE } from '../../api/route-table.generated';
import { schemaValidate } from '../../forms/schemaValidate';
import { useT } from '../../i18n';
import type { Translate } from '../../i18n/useT';
import { categoryName } from './words';

export type ProductStore = 'School' | 'Teacher';

/** One store's product calls: the school store's or the teacher's own. */
export const productCalls = (store: ProductStore) =>
  store === 'School'
    ? {
        list: api.products.schoolStore,
        save: api.products.saveSchool,
        remove: api.products.removeSchool,
      }
    : {
        list: api.products.teacherStore,
        save: api.products.saveTeacher,
        remove: api.products.removeTeacher,
      };

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

const check = schemaValidate<ProductBody>(productBody, {
  _id: 'Product',
  name: 'Name',
  description: 'Description',
  category: 'Category',
  price: 'Price',
  stock: 'Stock',
  limitPerStudent: 'Limit per student',
  image: 'Picture',
  active: 'Shown',
});

/** What a number field takes: a whole number between two bounds. */
const whole = (t: Translate, field: string, min: number, max: number) =>
  t('store.wholeNumber', { field, min, max });

/**
 * The shared schema finds what is wrong (as the server will); each field's message is said in the
 * screens' language (the schema's own messages are the API's English).
 */
function validate(t: Translate, v: Values, id?: string): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(check(toBody(v, id)))) {
    const said = {
      name: t(
        v.name.trim().length > MAX_ITEM_NAME_LENGTH ? 'msg.nameTooLong' : 'store.nameRequired',
      ),
      description: t('store.descriptionTooLong', { max: MAX_DESCRIPTION_LENGTH }),
      category: t('store.categoryRequired'),
      price: whole(t, t('store.fieldPrice'), 0, MAX_PRODUCT_PRICE),
      stock: whole(t, t('store.fieldStock'), 0, MAX_PRODUCT_STOCK),
      limitPerStudent: whole(t, t('store.fieldLimit'), 1, 1000),
    }[field];
    errors[field] = said ?? String(message);
  }
  if (!v.unlimited && v.stock === '') errors.stock = t('store.stockRequired');
  if (v.price === '') errors.price = t('store.priceRequired');
  return errors;
}

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

interface Props {
  store: ProductStore;
  /** The product to change, or null for a new one. */
  product: Product | null;
  onClose: () => void;
}

/** Creates or edits a product: the shared schema checks it as the server will, the picture uploads at once. */
export function ProductForm({ store, product, onClose }: Props) {
  const t = useT();
  const queryClient = useQueryClient();
  const form = useForm<Values>({
    initialValues: fromProduct(product),
    validate: (v) => validate(t, v, product?._id),
  });
  const [upload, setUpload] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });
  const save = useMutation({
    mutationFn: (body: ProductBody) => unwrap(productCalls(store).save({ body })),
    onSuccess: () => {
      void afterProductChange(queryClient);
      onClose();
    },
  });

  const choosePicture = async (file: File | null) => {
    if (!file) return;
    setUpload({ busy: true, error: null });
    const grant = await api.utility.uploadUrl({ params: { id: product?._id ?? 'new' } });
    if (isFailure(grant)) return setUpload({ busy: false, error: grant.message });
    if (file.size > grant.maxBytes)
      return setUpload({
        busy: false,
        error: t('store.pictureTooLarge', { mb: Math.round(grant.maxBytes / 1024 / 1024) }),
      });
    // Only this server's own upload URL: the path it answered, never another host.
    const to = paramsOf(ROUTE_TABLE.uploads.put, grant.uploadUrl);
    if (!to?.token)
      return setUpload({ busy: false, error: 'The upload link is not valid. Try again.' });
    const done = await api.uploads.put({ params: { token: to.token }, file });
    if (isFailure(done)) return setUpload({ busy: false, error: done.message });
    form.setFieldValue('image', done.image);
    setUpload({ busy: false, error: null });
  };

  const nameLength = form.values.name.trim().length;
  return (
    <Modal
      opened
      closeButtonProps={{ 'aria-label': t('common.close') }}
      onClose={onClose}
      title={product ? t('store.editProduct', { name: product.name }) : t('store.newProduct')}
      size="lg"
    >
      <form
        onSubmit={form.onSubmit((v) => save.mutate(toBody(v, product?._id)))}
        noValidate
        aria-label={
          product ? t('store.editProduct', { name: product.name }) : t('store.newProduct')
        }
      >
        <Stack gap="sm">
          <TextInput
            label={t('store.fieldName')}
            required
            description={t('store.nameLength', { length: nameLength, max: MAX_ITEM_NAME_LENGTH })}
            data-autofocus
            {...form.getInputProps('name')}
          />
          <Textarea
            label={t('store.fieldDescription')}
            autosize
            minRows={2}
            maxRows={5}
            {...form.getInputProps('description')}
          />
          <CategoryAndPrice form={form} />
          <StockAndLimit form={form} />
          <PictureField form={form} upload={upload} onChoose={(f) => void choosePicture(f)} />
          <Switch
            label={t('store.shownToStudents')}
            {...form.getInputProps('active', { type: 'checkbox' })}
          />
          {save.isError ? (
            <Alert color="red" variant="light" title={t('store.notSaved')}>
              {save.error.message}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={upload.busy}>
              {product ? t('store.saveChanges') : t('store.addProduct')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

type Form = UseFormReturnType<Values>;

function CategoryAndPrice({ form }: { form: Form }) {
  const t = useT();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }}>
      <Select
        label={t('store.fieldCategory')}
        required
        data={STORE_ITEM_CATEGORIES.map((c) => ({ value: c, label: categoryName(t, c) }))}
        allowDeselect={false}
        {...form.getInputProps('category')}
      />
      <NumberInput
        label={t('store.fieldPriceInCurrency')}
        required
        min={0}
        allowDecimal={false}
        allowNegative={false}
        {...form.getInputProps('price')}
      />
    </SimpleGrid>
  );
}

/** The stock (or unlimited), and how many one student may buy. */
function StockAndLimit({ form }: { form: Form }) {
  const t = useT();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }}>
      <Stack gap={6}>
        <NumberInput
          label={t('store.fieldStock')}
          description={t('store.stockDescription')}
          min={0}
          allowDecimal={false}
          allowNegative={false}
          disabled={form.values.unlimited}
          {...form.getInputProps('stock')}
        />
        <Checkbox
          label={t('store.unlimitedStock')}
          {...form.getInputProps('unlimited', { type: 'checkbox' })}
        />
      </Stack>
      <NumberInput
        label={t('store.fieldLimit')}
        description={t('store.limitDescription')}
        min={1}
        allowDecimal={false}
        allowNegative={false}
        {...form.getInputProps('limitPerStudent')}
      />
    </SimpleGrid>
  );
}

/** The picture: chosen and uploaded at once, shown, and removable. */
function PictureField({
  form,
  upload,
  onChoose,
}: {
  form: Form;
  upload: { busy: boolean; error: string | null };
  onChoose: (file: File | null) => void;
}) {
  const t = useT();
  return (
    <Stack gap={6}>
      <FileInput
        label={t('store.fieldPicture')}
        description={t('store.pictureDescription')}
        placeholder={form.values.image ? t('store.replacePicture') : t('store.choosePicture')}
        accept="image/*"
        clearable={false}
        onChange={onChoose}
        disabled={upload.busy}
        error={upload.error}
      />
      {upload.busy ? (
        <Text fz="sm" c="dimmed" role="status">
          {t('store.uploading')}
        </Text>
      ) : null}
      {form.values.image ? (
        <Group gap="sm" align="center">
          <Image
            src={form.values.image}
            alt={t('store.pictureAlt')}
            h={80}
            w={120}
            fit="cover"
            radius="md"
          />
          <CloseButton
            aria-label={t('store.removePicture')}
            onClick={() => form.setFieldValue('image', null)}
          />
        </Group>
      ) : null}
    </Stack>
  );
}
