import fp from 'fastify-plugin';
import { imageStorage, type ImageStorage } from '../lib/storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where product pictures are kept: the database, or the S3-compatible store S3_URL names. */
    images: ImageStorage;
  }
}

export const imagesPlugin = fp(
  async (app) => {
    app.decorate('images', imageStorage(app.env, app.db));
  },
  { name: 'images', dependencies: ['database', 'env'] },
);
