import type { FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI from the contract's schemas, browsable at /docs. Registered before the routes. */
export async function registrarDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Delego API',
        description: 'API de Delego: órdenes de trabajo, delegación y administración.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          delego: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: '<usuario>#<md5 hex de la contraseña>',
          },
        },
      },
      security: [{ delego: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });
}
