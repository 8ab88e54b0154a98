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
import { imageStorage } from '../../lib/storage.js';
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
  const storage = imageStorage(app.env.DATA_DIR);
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
    async (req) => acceptUpload(app.db, storage, req.params.token, req.body),
  );
};

const KEY = /^([0-9a-f-]{36})\/([0-9a-f-]{36})\.webp$/;

/** GET /uploads/{school}/{image}.webp: kept images, never changed once written (outside /api, like the web's assets). */
export const uploadAssets: FastifyPluginAsync = async (app) => {
  const storage = imageStorage(app.env.DATA_DIR);
  app.get<{ Params: { school: string; file: string } }>(
    '/uploads/:school/:file',
    { schema: { hide: true } },
    async (req, reply) => {
      const key = `${req.params.school}/${req.params.file}`;
      const data = KEY.test(key) ? await storage.get(key) : null;
      if (!data) return reply.status(404).send({ message: 'Not found' });
      return reply
        .type('image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(data);
    },
  );
};
