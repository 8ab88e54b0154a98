/** "+5" / "−3" (a real minus sign) / "0". */
export const signedPoints = (n: number): string =>
  n > 0 ? `+${n}` : n < 0 ? `−${Math.abs(n)}` : '0';

/** Bonuses and other earnings green, flags red. */
export const pointsColor = (n: number): 'teal' | 'red' | 'gray' =>
  n > 0 ? 'teal' : n < 0 ? 'red' : 'gray';

/** 1,234 */
export const formatPoints = (n: number): string => n.toLocaleString('en-US');
