import { BASIC_MSG } from '@app/domain';

/** The client's own messages: the server was not reached (no network, down, busy) or said nothing. */
const NOT_REACHED = new Set<string>([
  BASIC_MSG.someError,
  BASIC_MSG.tryLater,
  BASIC_MSG.noToken,
  BASIC_MSG.unauthorized,
  BASIC_MSG.errorFetching,
]);

/**
 * Whether a failed call never had the server's answer: a give or a sale that did not get through
 * waits on the device and is sent again; one the server refused never is.
 */
export const unreached = (message: string): boolean => NOT_REACHED.has(message);

/** Whether a failed call's message is the server's own (a refusal), not the client's. */
export const fromServer = (message: string): boolean => !unreached(message);
