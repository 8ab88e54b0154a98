/** "+5" / "−3" (a real minus sign) / "0"; `format` writes the amount (useFormat().number on screens). */
export const signedPoints = (n: number, format: (n: number) => string = String): string =>
  n > 0 ? `+${format(n)}` : n < 0 ? `−${format(Math.abs(n))}` : format(0);

/** Bonuses and other earnings green, flags red. */
export const pointsColor = (n: number): 'teal' | 'red' | 'gray' =>
  n > 0 ? 'teal' : n < 0 ? 'red' : 'gray';

/** 1,234 (English: files and tests; screens use useFormat().number). */
export const formatPoints = (n: number): string => n.toLocaleString('en-US');
