import { Loader, type MantineSize } from '@mantine/core';

/**
 * A spinner that says what is loading. Mantine's Loader is a plain span, which may not carry an
 * aria-label (ARIA prohibits naming an element without a role); as a status it may, and screen
 * readers announce it.
 */
export function Spinner({ label, size }: { label: string; size?: MantineSize }) {
  return <Loader role="status" aria-label={label} size={size} />;
}
