import { z } from 'zod';
import {
  MAX_PICTURE_PIXELS,
  MAX_SCHOOL_PICTURE_BYTES,
  MAX_SCHOOL_PICTURES,
  MAX_UPLOAD_BYTES,
} from '../constants.js';
import { uploadDoneResponse } from '../responses-store.js';
import { call } from './define.js';

const MB = 1024 * 1024;

/** `/api/v1/uploads`: a product picture, to the one-time URL GET utility/upload-url/{id} gave. */
export const uploads = {
  /** The picture as the raw body; the URL's token is its authority, so it needs no session. */
  put: call({
    method: 'PUT',
    path: '/api/v1/uploads/:token',
    public: true,
    answers: [409],
    tags: ['uploads'],
    description: `The image as the raw body (JPEG, PNG, WebP, GIF…, at most ${MAX_UPLOAD_BYTES / MB} MB and ${MAX_PICTURE_PIXELS / 1_000_000} million pixels), to the uploadUrl GET utility/upload-url/{id} gave; kept as WebP. A school keeps at most ${MAX_SCHOOL_PICTURES} pictures and ${MAX_SCHOOL_PICTURE_BYTES / MB} MB (409 beyond); pictures no product uses are removed a day after their upload.`,
    params: z.object({ token: z.string().max(100) }),
    bodyLimit: MAX_UPLOAD_BYTES,
    // Whatever type the picture is sent as, its content decides (the server parses these as bytes).
    documentedBody: {
      contentTypes: [
        'image/jpeg',
        'image/png',
        'image/webp',
        'image/gif',
        'image/avif',
        'image/heic',
        'image/heif',
        'image/tiff',
        'application/octet-stream',
      ],
      schema: { type: 'string', format: 'binary', description: 'The picture file itself.' },
    },
    response: { 200: uploadDoneResponse },
  }),
};
