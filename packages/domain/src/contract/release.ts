import { releaseResponse } from '../responses.js';
import { call } from './define.js';

/** `/api/v1/release`: the release the server runs (the web reloads when it changes). */
export const release = {
  get: call({
    method: 'GET',
    path: '/api/v1/release',
    public: true,
    tags: ['system'],
    response: { 200: releaseResponse },
  }),
};
