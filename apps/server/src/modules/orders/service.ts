/*
 * What other areas use of the orders (modules meet through their service.ts): the store counter
 * (modules/counter) places, hands over and refunds school store orders through the same code as
 * POST order and PUT order/{id}, and presents them the same way.
 */
export { moveOrder, orderOfSchool } from './act.js';
export { placeCounterSale } from './place.js';
export { ordersByIds, ordersWhere } from './present.js';
