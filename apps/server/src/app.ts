import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { createDefineRoute } from './http/define-route';
import { registerApiDocs } from './http/docs';
import { fail } from './http/envelope';
import { clientErrorHandler, installErrorHandler } from './http/error-handler';
import { messages } from './http/errors';
import { apiSecurityHeaders, registerSecurityHeaders } from './http/security';
import { isAssetPath, registerWebApp } from './http/static';
import { serializerCompiler } from './http/serializer';
import { zodValidatorCompiler } from './http/validation';
import { publicFolder } from './lib/paths';
import { loggerOptions, RequestLog } from './logger';
import { modules, type ModuleApis } from './modules';
import { largestUpload } from './modules/upload/upload.module';
import {
  createPlatform,
  registerSandboxServers,
  type Platform,
  type PlatformOptions,
} from './platform';

export interface AppOptions extends PlatformOptions {
  /** A ready pino logger (main.ts logs the database start with it before the app exists). */
  loggerInstance?: FastifyBaseLogger;
  /** Where /avatars/* and other server-owned files live. */
  publicDir?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** What other code may use of the app: the platform and each module's public API. */
    platform: Platform;
    modules: ModuleApis;
  }
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    loggerInstance: options.loggerInstance ?? pino(loggerOptions(config)),
    logController: new RequestLog(),
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    clientErrorHandler,
    // Ids from a proxy are only trusted when the proxy is.
    requestIdHeader: config.trustProxy ? 'x-request-id' : false,
  });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // An empty JSON body (a POST with only a content type) is no input rather than an error.
  const jsonParser = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') {
      done(null, undefined);
      return;
    }
    jsonParser(request, body as string, done);
  });

  const { platform, jobRegistry } = createPlatform(app, options);
  const built = modules.build(platform);
  built.registerJobs(jobRegistry);
  app.decorate('platform', platform);
  app.decorate('modules', built.apis);
  app.decorateRequest('member', null);
  app.decorateRequest('staff', null);

  installErrorHandler(app);
  // Member data and one-time challenges must never be served from a shared cache.
  const apiHeaders = apiSecurityHeaders(config);
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/')) {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      if (!reply.hasHeader('content-security-policy')) reply.headers(apiHeaders);
    }
    return payload;
  });
  await registerSecurityHeaders(app, config);
  await registerApiDocs(app);

  built.registerRoutes(
    createDefineRoute(app, built.apis.member.authenticate, {
      authenticate: built.apis.staff.authenticate,
      transaction: (work) => platform.db.transaction(work),
      audit: built.apis.audit.record,
      onAfterCommitError: platform.logError('work after a staff write failed'),
    }),
  );
  await built.registerRawRoutes(app);
  await registerSandboxServers(app, platform, {
    storage: options.storage,
    maxUploadBytes: largestUpload(),
  });

  const hasWebApp = await registerWebApp(app, {
    webDistDir: config.webDistDir,
    publicDir: options.publicDir ?? publicFolder(),
  });

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url === '/api' || url.startsWith('/api/'))
      return reply.code(404).send(fail(messages.notFound));
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (hasWebApp && isPageRequest && !isAssetPath(url)) {
      // Client-side routes (/member, /TheOrders/orderDetail, …) all load the app shell.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send(fail(messages.pageNotFound));
  });

  return app;
}
