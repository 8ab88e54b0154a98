import type { API, InputOf } from '@app/domain';
import { clientOfAll } from './contract-client';
import { ROUTE_TABLE } from './route-table.generated';

/** The API as the contract declares it (packages/domain/src/contract): `api.goal.pin({ body })`. */
export const api = clientOfAll<typeof API>(ROUTE_TABLE);

/** Filters of the order lists (docs/spec.md section 4); the server's defaults for the rest. */
export type OrderFilters = Omit<NonNullable<InputOf<typeof API.order.mine>['query']>, 'time'>;
