import { HOUSES } from '@app/domain';

const isKnownHouse = (h: string): h is (typeof HOUSES)[number] =>
  (HOUSES as readonly string[]).includes(h);

/**
 * The theme colour of a house (theme.ts makes one per house from its brand colour, with text
 * shades that reach AA), or undefined for a house the app does not know.
 */
export const houseColor = (house: string): string | undefined =>
  isKnownHouse(house) ? house : undefined;

/** The CSS colour of a house's dot (grey for a house the app does not know). */
export const houseDotColor = (house: string): string => {
  const color = houseColor(house);
  return color ? `var(--mantine-color-${color}-filled)` : 'var(--mantine-color-gray-6)';
};

/** The distinct houses of some students, in alphabetical order (students without one left out). */
export const housesOf = (students: readonly { house: string | null }[]): string[] =>
  [...new Set(students.map((s) => s.house).filter((h): h is string => Boolean(h)))].sort((a, b) =>
    a.localeCompare(b),
  );
