/** A printed code's field (a sign-in card's, a badge's, a cashier code): large, monospaced, in capitals, as printed. */
export const CODE_INPUT_STYLES = {
  input: {
    fontFamily: 'var(--mantine-font-family-monospace)',
    fontSize: 'var(--mantine-font-size-xl)',
    letterSpacing: '0.08em',
    textTransform: 'uppercase',
    height: '3.5rem',
  },
} as const;
