import { z } from 'zod';
import {
  MAX_PICTURE_PIXELS,
  MAX_SCHOOL_PICTURE_BYTES,
  MAX_SCHOOL_PICTURES,
  uploadDoneResponse,
  uploadUrlResponse,
} from '@app/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { me } from '../../lib/auth-context.js';
import { HttpError } from '../../lib/errors.js';
import { withRetryAfter } from '../../lib/rate-limit.js';
import { acceptUpload, createUploadUrl, MAX_UPLOAD_BYTES } from './service.js';

const IMAGE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/heic',
  'image/heif',
  'image/tiff',
  'application/octet-stream',
];

/** Product images: a one-time upload URL, and the upload itself (the URL's token is its authority). */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  // The image arrives as the raw body, whatever its declared type: its content decides.
  app.addContentTypeParser(
    IMAGE_TYPES,
    { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES },
    (_req, body, done) => done(null, body),
  );

  app.get(
    '/utility/upload-url/:id',
    {
      config: { action: 'store:upload', answers: [409, 429] },
      schema: {
        tags: ['uploads'],
        description:
          'A one-time URL to upload a product picture to. At most 30 per 10 minutes and 200 a day per user, 500 an hour per school (429 with Retry-After); 409 when the school keeps its most pictures.',
        params: z.object({ id: z.string().max(100) }),
        response: { 200: uploadUrlResponse },
      },
    },
    async (req, reply) =>
      createUploadUrl(app.db, me(req), req.params.id).catch(withRetryAfter(reply)),
  );

  app.put(
    '/uploads/:token',
    {
      config: {
        public: true,
        answers: [409],
        documentedBody: {
          contentTypes: IMAGE_TYPES,
          schema: { type: 'string', format: 'binary', description: 'The picture file itself.' },
        },
      },
      bodyLimit: MAX_UPLOAD_BYTES,
      schema: {
        tags: ['uploads'],
        description: `The image as the raw body (JPEG, PNG, WebP, GIF…, at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB and ${MAX_PICTURE_PIXELS / 1_000_000} million pixels), to the uploadUrl GET utility/upload-url/{id} gave; kept as WebP. A school keeps at most ${MAX_SCHOOL_PICTURES} pictures and ${MAX_SCHOOL_PICTURE_BYTES / 1024 / 1024} MB (409 beyond); pictures no product uses are removed a day after their upload.`,
        params: z.object({ token: z.string().max(100) }),
        response: { 200: uploadDoneResponse },
      },
      // Thrown on to the app's error handler, which answers { message }.
      errorHandler: (err) => {
        if ((err as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE')
          throw new HttpError(
            413,
            `The image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB. Choose a smaller picture.`,
          );
        throw err;
      },
    },
    async (req) => acceptUpload(app.db, app.images, req.params.token, req.body),
  );
};

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
      if (!m || !image) return reply.status(404).send({ message: 'Not found' });
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
