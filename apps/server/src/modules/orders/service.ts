/** What other modules and the jobs use of the orders module. */
export { purgeIdempotencyKeys } from './idempotency.js';
