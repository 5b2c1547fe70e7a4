import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI, generated from the same contract definitions the routes are built from. */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: '会员中心 API',
        description:
          '每个响应都是 {success, data, message}；校验失败、业务规则失败时 success 为 false。',
        version: '0.1.0',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // The console's session (decision 0020): an HttpOnly cookie and the CSRF header.
          staffSession: { type: 'apiKey', in: 'cookie', name: 'pcb_staff' },
          csrfToken: { type: 'apiKey', in: 'header', name: 'X-CSRF-Token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  const document = async () => app.swagger();
  app.get('/api/docs', { schema: { hide: true } }, document);
  app.get('/api/docs/json', { schema: { hide: true } }, document);
}
