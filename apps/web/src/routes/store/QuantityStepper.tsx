import { ActionIcon, Group, Text, VisuallyHidden } from '@mantine/core';
import { useT } from '../../i18n';

interface Props {
  name: string;
  quantity: number;
  onChange: (quantity: number) => void;
  /** Why one more cannot be added (the + button is off and says so), null when it can. */
  addRefusal: string | null;
}

/** − n + for a cart line; each button names the product, and the count is announced as it changes. */
export function QuantityStepper({ name, quantity, onChange, addRefusal }: Props) {
  const t = useT();
  return (
    <Group gap={6} wrap="nowrap">
      <ActionIcon
        variant="default"
        size="lg"
        onClick={() => onChange(quantity - 1)}
        aria-label={
          quantity === 1 ? t('store.removeFromCart', { name }) : t('store.oneLess', { name })
        }
      >
        <Text fw={700} aria-hidden>
          {t('store.stepDown')}
        </Text>
      </ActionIcon>
      <Text fw={700} miw={24} ta="center" aria-live="polite">
        <span aria-hidden>{quantity}</span>
        <VisuallyHidden>{t('store.inCart', { quantity, name })}</VisuallyHidden>
      </Text>
      <ActionIcon
        variant="default"
        size="lg"
        onClick={() => onChange(quantity + 1)}
        disabled={addRefusal !== null}
        aria-label={
          addRefusal
            ? t('store.oneMoreRefused', { name, reason: addRefusal })
            : t('store.oneMore', { name })
        }
      >
        <Text fw={700} aria-hidden>
          {t('store.stepUp')}
        </Text>
      </ActionIcon>
    </Group>
  );
}
