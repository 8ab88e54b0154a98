import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { matchRoute, msg } from '@app/domain';
import fp from 'fastify-plugin';
import { DEFAULT_WEB_DIST } from '../env.js';
import { localMessage } from '../lib/language.js';
import { iconAssets } from '../modules/store/icons.js';
import { uploadAssets } from '../modules/uploads/assets.js';

/** The web build's files a browser must never keep without asking (the app's service worker). */
const ALWAYS_FRESH = new Set(['/sw.js', '/manifest.webmanifest']);

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * What is not the API: the profile icons' and product images' files, the web build, and the
 * not-found answer (JSON under /api/ or for a non-GET, else the web app's index.html).
 */
export const staticFilesPlugin = fp(
  async (app) => {
    await app.register(iconAssets); // /icons/{black|color}/{file}: the profile icons' pictures
    await app.register(uploadAssets); // /uploads/{school}/{image}.webp: product images

    const webDist = app.env.WEB_DIST ?? DEFAULT_WEB_DIST;
    const indexHtml = path.join(webDist, 'index.html');
    if (existsSync(indexHtml)) {
      await app.register(fastifyStatic, {
        root: webDist,
        wildcard: false,
        index: false,
        // The build writes .br and .gz copies (apps/web/vite.config.ts): sent to those who accept them.
        preCompressed: true,
      });
    }
    // The service worker and the web manifest (issue 35) are asked for again on every visit, so a
    // new release's worker reaches the browser at once (the files otherwise get max-age=0 public).
    // A built chunk's name carries its content's hash, so a browser keeps it without asking again
    // (a phone on 3G would otherwise pay a round trip per file on every visit).
    app.addHook('onSend', async (req, reply, payload) => {
      const pathname = req.url.split('?')[0] ?? '';
      if (ALWAYS_FRESH.has(pathname)) reply.header('cache-control', 'no-cache');
      else if (pathname.startsWith('/assets/') && reply.statusCode === 200)
        reply.header('cache-control', IMMUTABLE);
      return payload;
    });
    app.setNotFoundHandler((req, reply) => {
      if (req.url.startsWith('/api/') || req.method !== 'GET') {
        return reply.status(404).send({ message: localMessage(req, msg('msg.notFound')) });
      }
      const pathname = req.url.split('?')[0] ?? '/';
      // A chunk a deploy removed: an error the app handles by reloading (lazyPage.ts), never the
      // app's page, which would otherwise be kept for a year under the chunk's name.
      if (pathname.startsWith('/assets/'))
        return reply.status(404).type('text/plain').send('No such file.');
      if (!matchRoute(pathname)) req.log.info({ path: pathname }, 'route not found');
      if (!existsSync(indexHtml))
        return reply
          .status(404)
          .type('text/plain')
          .send('The web app is not built: run npm run build.');
      return reply
        .type('text/html')
        .header('cache-control', 'no-cache')
        .send(readFileSync(indexHtml));
    });
  },
  { name: 'static-files', dependencies: ['env', 'images'] },
);
