import { API, MAX_UPLOAD_BYTES, msg } from '@app/domain';
import { routesOf } from '../lib/contract-routes.js';
import { HttpError } from '../lib/errors.js';
import { acceptUpload } from '../modules/uploads/service.js';

/** A product picture, to the one-time URL of GET utility/upload-url/{id} (routes/utility.ts; the URL's token is its authority). */
export const uploadsRoutes = routesOf('uploads', API.uploads, (app) => {
  // The image arrives as the raw body, whatever its declared type: its content decides.
  app.addContentTypeParser(
    [...API.uploads.put.documentedBody.contentTypes],
    { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES },
    (_req, body, done) => done(null, body),
  );
  return {
    put: {
      handler: async (req) => acceptUpload(app.db, app.images, req.params.token, req.body),
      // Thrown on to the app's error handler, which answers { message }.
      errorHandler: (err) => {
        if ((err as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE')
          throw new HttpError(
            413,
            msg('msg.imageTooLarge', { mb: MAX_UPLOAD_BYTES / 1024 / 1024 }),
          );
        throw err;
      },
    },
  };
});
