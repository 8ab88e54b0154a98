import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ICONS, msg } from '@app/domain';
import type { FastifyPluginAsync } from 'fastify';
import { localMessage } from '../../lib/language.js';

const require = createRequire(import.meta.url);
const OPENMOJI = path.dirname(require.resolve('openmoji/package.json'));
const FILES = new Set(ICONS.map((i) => i.image));
const cache = new Map<string, Buffer>();

/**
 * The profile icons' pictures, from the openmoji package (self-hosted, no outside request):
 * `/icons/black/{file}` for the black-and-white Icons, `/icons/color/{file}` for the Emojis.
 * Only the catalogue's files are served; public, like the web app's other assets.
 */
export const iconAssets: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { kind: string; file: string } }>(
    '/icons/:kind/:file',
    { schema: { hide: true } },
    async (req, reply) => {
      const { kind, file } = req.params;
      if ((kind !== 'black' && kind !== 'color') || !FILES.has(file))
        return reply.status(404).send({ message: localMessage(req, msg('msg.notFound')) });
      const key = `${kind}/${file}`;
      let svg = cache.get(key);
      if (!svg) cache.set(key, (svg = await readFile(path.join(OPENMOJI, kind, 'svg', file))));
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=604800')
        .send(svg);
    },
  );
};
