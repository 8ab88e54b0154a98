import { MSG } from '@app/domain';

/** Thrown anywhere in a request; the error handler turns it into `{ message }` with this status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = () => new HttpError(401, MSG.unauthorized);
export const forbidden = (message: string = MSG.forbidden) => new HttpError(403, message);
export const notFound = (what = 'Not found') => new HttpError(404, what);
export const conflict = (message: string) => new HttpError(409, message);
export const tooMany = () => new HttpError(429, MSG.tryLater);
