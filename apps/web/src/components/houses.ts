import { HOUSES } from '@app/domain';

const isKnownHouse = (h: string): h is (typeof HOUSES)[number] => (HOUSES as readonly string[]).includes(h);

/**
 * The theme colour of a house (theme.ts makes one per house from its brand colour, with text
 * shades that reach AA), or undefined for a house the app does not know.
 */
export const houseColor = (house: string): string | undefined => (isKnownHouse(house) ? house : undefined);
