import { statusDegradedResponse, statusOkResponse } from '../responses.js';
import { call } from './define.js';

/** `/api/v1/status`: whether the server and its database answer (503 when the database does not). */
export const status = {
  get: call({
    method: 'GET',
    path: '/api/v1/status',
    public: true,
    tags: ['system'],
    response: { 200: statusOkResponse, 503: statusDegradedResponse },
  }),
};
