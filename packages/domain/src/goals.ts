import { z } from 'zod';
import { instant } from './response-fields.js';
import { GOAL_ENDINGS } from './goal-progress.js';
import { productResponse } from './responses-store.js';

/** PUT goal: the product a student saves for (docs/decisions/107-saving-goals.md). */
export const goalBody = z.object({
  productId: z.string({ error: 'productId is required' }).max(100),
});
export type GoalBody = z.infer<typeof goalBody>;

/** GET, PUT and DELETE goal: the pinned product, or the note of why the last one was unpinned. */
export const goalResponse = z.object({
  goal: z.object({ product: productResponse, pinnedAt: instant() }).nullable(),
  note: z.object({ productName: z.string(), reason: z.enum(GOAL_ENDINGS) }).nullable(),
});
export type GoalState = z.infer<typeof goalResponse>;
