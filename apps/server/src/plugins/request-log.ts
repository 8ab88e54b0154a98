import fp from 'fastify-plugin';

/** A request that takes longer than this is logged as a warning (so at the default LOG_LEVEL, warn, and at info). */
export const SLOW_REQUEST_MS = 500;

/**
 * A line per request at LOG_LEVEL=info (off at the default warn); a request slower than
 * SLOW_REQUEST_MS is always a warning. Errors are logged by the error handler (errors.ts).
 */
export const requestLogPlugin = fp(
  async (app) => {
    const logEachRequest = ['trace', 'debug', 'info'].includes(String(app.log.level));
    app.addHook('onResponse', (req, reply, done) => {
      const ms = reply.elapsedTime;
      if (ms > SLOW_REQUEST_MS)
        req.log.warn(
          {
            method: req.method,
            url: req.url,
            statusCode: reply.statusCode,
            responseTime: Math.round(ms),
          },
          'slow request',
        );
      else if (logEachRequest)
        req.log.info(
          {
            method: req.method,
            url: req.url,
            statusCode: reply.statusCode,
            responseTime: Math.round(ms),
          },
          'request completed',
        );
      done();
    });
  },
  { name: 'request-log' },
);
