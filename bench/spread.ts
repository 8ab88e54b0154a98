/** A figure measured several times: its median, and the spread (lowest and highest). */
export interface Spread {
  median: number;
  min: number;
  max: number;
}

export function spreadOf(values: readonly number[]): Spread {
  if (!values.length) throw new Error('no values');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return {
    median: sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2,
    min: sorted[0]!,
    max: sorted.at(-1)!,
  };
}

/** `median (min–max)`, each written by `write`. */
export function formatSpread(s: Spread, write: (n: number) => string): string {
  return `${write(s.median)} (${write(s.min)}–${write(s.max)})`;
}
