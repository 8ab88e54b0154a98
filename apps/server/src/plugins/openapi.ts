import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { apiDocsEnabled } from '../env.js';
import { documentRoute } from '../lib/openapi.js';

/** The OpenAPI document is always built (app.swagger()); its page only where API docs are enabled. */
export const openapiPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: { title: 'School rewards API', version: '1.0.0' },
        servers: [{ url: '/' }],
        components: {
          securitySchemes: {
            authtoken: { type: 'apiKey', in: 'header', name: 'authtoken' },
            from: { type: 'apiKey', in: 'header', name: 'from' },
          },
        },
        security: [{ authtoken: [], from: [] }],
      },
      transform: documentRoute(jsonSchemaTransform),
    });
    if (apiDocsEnabled(app.env)) await app.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'openapi', dependencies: ['env'] },
);
