import { matchRoute, PRODUCT_NAME } from '@app/domain';

/** The title of the route matching a path, as the page's h1 shows it. */
export const routeTitle = (pathname: string): string => matchRoute(pathname)?.title ?? PRODUCT_NAME;
