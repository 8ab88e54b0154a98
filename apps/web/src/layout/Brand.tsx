import { Group, Text, ThemeIcon, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '@app/domain';
import { LOGO_GRADIENT } from '../theme';

/** The logo's letter: a picture, hidden from assistive technology. */
const LOGO_LETTER = 'M';

/**
 * The home link: logo and product name. Its accessible name is its text (the logo letter is
 * hidden from assistive technology); on the smallest screens the name is visually hidden but
 * still names the link.
 */
export function Brand({ compact = false }: { compact?: boolean }) {
  return (
    <UnstyledButton component={Link} to="/">
      <Group gap="xs" wrap="nowrap">
        <ThemeIcon
          size={compact ? 26 : 34}
          radius="md"
          variant="gradient"
          gradient={LOGO_GRADIENT}
          aria-hidden
        >
          <Text fw={800} fz={compact ? 'sm' : 'md'} c="white">
            {LOGO_LETTER}
          </Text>
        </ThemeIcon>
        <Text fw={800} fz={compact ? 'md' : 'lg'} visibleFrom="xs">
          {PRODUCT_NAME}
        </Text>
        <VisuallyHidden hiddenFrom="xs">{PRODUCT_NAME}</VisuallyHidden>
      </Group>
    </UnstyledButton>
  );
}
