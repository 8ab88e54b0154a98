import type { Call, Contract } from './define.js';

/** What the web needs of a call at run time; its types come from the contract itself. */
export type RouteOf<C extends Call> = Pick<C, 'method' | 'path'> & {
  public?: true;
  file?: true;
};

export type RouteTable<T extends Readonly<Record<string, Contract>>> = {
  [A in keyof T]: { [N in keyof T[A]]: RouteOf<T[A][N]> };
};

/**
 * The method and path of every call, without its schemas: what the web's bundle carries
 * (apps/web/src/api/route-table.generated.ts, written from it by `npm run contract:table`).
 */
export function routeTableOf<T extends Readonly<Record<string, Contract>>>(
  areas: T,
): RouteTable<T> {
  return Object.fromEntries(
    Object.entries(areas).map(([area, calls]) => [
      area,
      Object.fromEntries(
        Object.entries(calls).map(([name, c]) => [
          name,
          {
            method: c.method,
            path: c.path,
            ...(c.public && { public: true }),
            ...(c.file && { file: true }),
          },
        ]),
      ),
    ]),
  ) as RouteTable<T>;
}
