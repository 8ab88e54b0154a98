import { msg } from '@app/domain';
import type { FastifyPluginAsync } from 'fastify';
import { localMessage } from '../../lib/language.js';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** A picture's key: its school's id and its own, real UUIDs (anything else is 404 before any look-up). */
const KEY = new RegExp(`^(${UUID})/(${UUID})\\.webp$`);

/**
 * GET /uploads/{school}/{image}.webp: kept images (outside /api, like the web's assets), from
 * whichever server answers. A key is never written with other bytes (a new upload gets a new id),
 * so the answer is cached for a year as immutable and the image's id is its ETag.
 */
export const uploadAssets: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { school: string; file: string } }>(
    '/uploads/:school/:file',
    { schema: { hide: true } },
    async (req, reply) => {
      const key = `${req.params.school}/${req.params.file}`;
      const m = KEY.exec(key);
      const image = m ? await app.images.get(key) : null;
      if (!m || !image)
        return reply.status(404).send({ message: localMessage(req, msg('msg.notFound')) });
      const etag = `"${m[2]}"`;
      reply.header('cache-control', 'public, max-age=31536000, immutable').header('etag', etag);
      const known = req.headers['if-none-match']
        ?.split(',')
        .map((t) => t.trim().replace(/^W\//, ''));
      if (known?.includes(etag) || known?.includes('*')) return reply.status(304).send();
      return reply.type(image.contentType).send(image.data);
    },
  );
};
