import { alpha, createTheme, DEFAULT_THEME, type CSSVariablesResolver } from '@mantine/core';
import { HOUSE_COLORS } from '@app/domain';
import { TINT_ALPHAS } from './contrast';
import { PALETTE } from './palette';

/**
 * The colour each light tint is made of: Mantine's own shade 6 of each hue, and each house's
 * brand colour. Light backgrounds stay as they were; only text shades get darker.
 */
export const tintBases: Record<string, string> = {
  ...Object.fromEntries(
    Object.entries(DEFAULT_THEME.colors)
      .filter(([name]) => name !== 'dark')
      .map(([name, tuple]) => [name, tuple[6]]),
  ),
  ...HOUSE_COLORS,
};

/** Mantine's palette with text shades at WCAG AA and a colour per house (palette-rule.ts). */
const colors = PALETTE;

/**
 * The logo's gradient in the brand's own (Mantine's original) grape and orange: a logotype needs
 * no text contrast (WCAG 1.4.3), and the logo letter is hidden from assistive technology.
 */
export const LOGO_GRADIENT = {
  from: DEFAULT_THEME.colors.grape[6],
  to: DEFAULT_THEME.colors.orange[6],
  deg: 135,
};

export const theme = createTheme({
  primaryColor: 'grape',
  colors,
  // Rings on keyboard focus only (Mantine's default, stated because every control relies on it).
  focusRing: 'auto',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: {
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    fontWeight: '750',
  },
  components: {
    Card: { defaultProps: { withBorder: true, shadow: 'xs', radius: 'lg' } },
    Paper: { defaultProps: { radius: 'lg' } },
    // Mantine's hover grey (gray.1) takes green and dimmed text in a row below 4.5:1; gray.0 keeps AA.
    Table: { defaultProps: { highlightOnHoverColor: 'gray.0' } },
    // The × buttons are icons only: named, so a screen reader (and axe's button-name) can tell them.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } } },
    // A file input's placeholder is the text of a button ("Choose files"): it needs text contrast.
    FileInput: { styles: { placeholder: { color: 'var(--mantine-color-dimmed)' } } },
  },
});

/**
 * For MantineProvider's `cssVariablesResolver`. Mantine writes the light variant (and subtle,
 * which shares its text colour) in shade 6 on a tint of shade 6; here its background stays the
 * tint of the original colour and its text is shade 7, which reads on that tint.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: Object.fromEntries(
    Object.keys(colors).flatMap((name) => [
      [`--mantine-color-${name}-light-color`, `var(--mantine-color-${name}-7)`],
      ...Object.entries(TINT_ALPHAS).map(([variant, a]) => [
        `--mantine-color-${name}-${variant}`,
        alpha(tintBases[name]!, a),
      ]),
    ]),
  ),
  dark: {},
});
