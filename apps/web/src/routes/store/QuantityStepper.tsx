import { ActionIcon, Group, Text, VisuallyHidden } from '@mantine/core';

interface Props {
  name: string;
  quantity: number;
  onChange: (quantity: number) => void;
  /** Why one more cannot be added (the + button is off and says so), null when it can. */
  addRefusal: string | null;
}

/** − n + for a cart line; each button names the product, and the count is announced as it changes. */
export function QuantityStepper({ name, quantity, onChange, addRefusal }: Props) {
  return (
    <Group gap={6} wrap="nowrap">
      <ActionIcon
        variant="default"
        size="lg"
        onClick={() => onChange(quantity - 1)}
        aria-label={quantity === 1 ? `Remove ${name} from cart` : `One less ${name}`}
      >
        <Text fw={700} aria-hidden>
          −
        </Text>
      </ActionIcon>
      <Text fw={700} miw={24} ta="center" aria-live="polite">
        {quantity}
        <VisuallyHidden> {name} in cart</VisuallyHidden>
      </Text>
      <ActionIcon
        variant="default"
        size="lg"
        onClick={() => onChange(quantity + 1)}
        disabled={addRefusal !== null}
        aria-label={addRefusal ? `One more ${name}: ${addRefusal}` : `One more ${name}`}
      >
        <Text fw={700} aria-hidden>
          +
        </Text>
      </ActionIcon>
    </Group>
  );
}
