import { Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '@app/domain';

export function Brand({ compact = false }: { compact?: boolean }) {
  return (
    <UnstyledButton component={Link} to="/" aria-label={PRODUCT_NAME}>
      <Group gap="xs" wrap="nowrap">
        <ThemeIcon size={compact ? 26 : 34} radius="md" variant="gradient" gradient={{ from: 'grape', to: 'orange', deg: 135 }} aria-hidden>
          <Text fw={800} fz={compact ? 'sm' : 'md'} c="white">
            M
          </Text>
        </ThemeIcon>
        <Text fw={800} fz={compact ? 'md' : 'lg'} visibleFrom="xs">
          {PRODUCT_NAME}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
