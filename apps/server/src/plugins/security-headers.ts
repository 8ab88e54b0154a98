import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyInstance {
    /** The security headers every answer carries (a kept answer's copy leaves them out). */
    securityHeaders: Readonly<Record<string, string>>;
  }
}

/**
 * The headers helmet's middleware sets for `options`. With static options (no nonces) they are the
 * same for every request, so they are computed once at start-up and copied onto each answer.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) =>
      void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as never, res as never, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * Helmet's security headers on every answer, computed once (@fastify/helmet rebuilt them per
 * request), and no-store on API answers. Its onRequest hook is the app's first, so a 401 has them.
 */
export const securityHeadersPlugin = fp(
  async (app) => {
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          scriptSrc: ["'self'"], // no inline script: the web build loads only files
          connectSrc: ["'self'"],
          formAction: ["'self'", 'https:'],
          upgradeInsecureRequests: null,
        },
      },
    });
    app.decorate('securityHeaders', headers);
    app.addHook('onRequest', (_req, reply, done) => {
      reply.headers(headers);
      done();
    });
    // API answers carry personal data and sessions: no cache (browser or shared) may keep them.
    app.addHook('onSend', async (req, reply, payload) => {
      if (req.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
      return payload;
    });
  },
  { name: 'security-headers' },
);
