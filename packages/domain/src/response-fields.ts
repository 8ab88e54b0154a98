import { z } from 'zod';

/** Field schemas the response schemas share (responses.ts, responses-activity.ts); not exported from the package. */

/** An integer count, amount or number. */
export const int = () => z.number().int();
/** A calendar day, YYYY-MM-DD. */
export const day = () => z.iso.date();
/** An instant, as Date.toISOString writes it. */
export const instant = () => z.iso.datetime();
