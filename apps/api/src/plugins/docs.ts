import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * OpenAPI 3 generated from the zod schemas the routes declare: the document at `/api/docs/json`
 * and a browsable reference at `/api/docs`.
 */
export const docsPlugin = fp(
  async (app: FastifyInstance, options: { brandName: string; publicUrl: string }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: `${options.brandName} API`,
          description:
            'Bookings, catalogue, feedback and staff planning. Every error has the shape `{ code, message, details? }`.',
          version: '1.0.0',
        },
        servers: [{ url: options.publicUrl }],
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          },
        },
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { docExpansion: 'list', deepLinking: true },
      // The global policy (plugins/security.ts) covers the reference: its scripts are files, its styles inline.
      staticCSP: false,
    });
  },
  { name: 'docs' },
);
