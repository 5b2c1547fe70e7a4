import { hkdfSync } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { pino, type LoggerOptions } from 'pino';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config/env';
import type { Database } from './db/client';
import { createAuthenticate } from './http/auth';
import { createDefineRoute } from './http/define-route';
import { registerApiDocs } from './http/docs';
import { fail } from './http/envelope';
import { installErrorHandler } from './http/error-handler';
import { messages } from './http/errors';
import { registerSecurityHeaders } from './http/security';
import { isAssetPath, registerWebApp } from './http/static';
import { zodValidatorCompiler } from './http/validation';
import { createAliyunVerifier } from './integrations/captcha/aliyun-verifier';
import { createAltchaVerifier } from './integrations/captcha/altcha-verifier';
import type { HumanVerifier } from './integrations/captcha/captcha';
import { createAliyunSms } from './integrations/sms/aliyun-sms';
import { createSandboxSms } from './integrations/sms/sandbox-sms';
import type { SmsSender } from './integrations/sms/sms';
import { createSmsOutbox } from './integrations/sms/sms-outbox';
import { createPostgresStore } from './integrations/store/postgres-store';
import { createRedisStore } from './integrations/store/redis-store';
import type { EphemeralStore } from './integrations/store/store';
import { systemClock, type Clock } from './lib/clock';
import { publicFolder } from './lib/paths';
import { createAnnouncementRepository } from './modules/announcement/announcement.repository';
import { registerAnnouncementRoutes } from './modules/announcement/announcement.routes';
import { createAnnouncementService } from './modules/announcement/announcement.service';
import { registerCaptchaRoutes } from './modules/captcha/captcha.routes';
import { createLoginThrottle } from './modules/member-auth/login-throttle';
import { registerMemberAuthRoutes } from './modules/member-auth/member-auth.routes';
import { createMemberAuthService } from './modules/member-auth/member-auth.service';
import { createTokenService } from './modules/member-auth/token.service';
import { createMemberRepository } from './modules/member/member.repository';
import { registerMemberRoutes } from './modules/member/member.routes';
import { createMemberService } from './modules/member/member.service';
import { registerSandboxRoutes } from './modules/sandbox/sandbox.routes';
import { createSmsCodeService } from './modules/sms-code/sms-code.service';
import { createVisitRepository } from './modules/visit/visit.repository';
import { registerVisitRoutes } from './modules/visit/visit.routes';
import { createVisitService } from './modules/visit/visit.service';

export interface AppOptions {
  config: Config;
  /** Owned by the caller, who closes the pool after the app (main.ts, tests). */
  database: Database;
  /** Defaults to Redis when REDIS_URL is set, else the PostgreSQL table. */
  store?: EphemeralStore;
  now?: Clock;
  captcha?: HumanVerifier;
  sms?: SmsSender;
  /** A ready pino logger (main.ts logs the database start with it before the app exists). */
  loggerInstance?: FastifyBaseLogger;
  /** Where /avatars/* and other server-owned files live. */
  publicDir?: string;
}

const PURGE_INTERVAL_MS = 10 * 60_000;

export function loggerOptions(config: Config): LoggerOptions {
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'password',
        '*.password',
        'smsCode',
        '*.smsCode',
        'ncVerifyDto.token',
        '*.ncVerifyDto.token',
      ],
      censor: '[redacted]',
    },
  };
}

function createServices(app: FastifyInstance, options: AppOptions, store: EphemeralStore) {
  const { config, database } = options;
  const { db } = database;
  const now = options.now ?? systemClock;

  const captcha =
    options.captcha ??
    (config.captcha.provider === 'aliyun'
      ? createAliyunVerifier(config.captcha.aliyun, (err) =>
          app.log.error({ err }, 'Aliyun captcha verification call failed'),
        )
      : createAltchaVerifier({ ...config.captcha.altcha, store }));

  const outbox = createSmsOutbox(db);
  const sms =
    options.sms ??
    (config.sms.provider === 'aliyun'
      ? createAliyunSms(config.sms.aliyun)
      : createSandboxSms(outbox, now, (entry) =>
          app.log.info(entry, 'SMS sandbox: message not sent'),
        ));

  const members = createMemberService({
    repository: createMemberRepository(db),
    now,
    agreementVersion: config.memberAgreementVersion,
  });
  const tokens = createTokenService(config.jwt, now);
  const smsCodes = createSmsCodeService({
    store,
    sms,
    now,
    // A key of its own, derived so that no extra secret has to be configured.
    secret: new Uint8Array(hkdfSync('sha256', config.jwt.secret, '', 'sms-code-hmac', 32)),
    dailyLimit: config.sms.dailyLimit,
    ipDailyLimit: config.sms.ipDailyLimit,
    onSendError: (err) => app.log.error({ err }, 'SMS send failed'),
  });
  const memberAuth = createMemberAuthService({
    members,
    smsCodes,
    captcha,
    tokens,
    throttle: createLoginThrottle(store),
    now,
    agreementVersion: config.memberAgreementVersion,
  });
  const announcements = createAnnouncementService(createAnnouncementRepository(db), now);
  const visits = createVisitService({ repository: createVisitRepository(db), store, now });

  return {
    captcha,
    outbox,
    sms,
    members,
    tokens,
    smsCodes,
    memberAuth,
    announcements,
    visits,
    store,
  };
}

export type Services = ReturnType<typeof createServices>;

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    loggerInstance: options.loggerInstance ?? pino(loggerOptions(config)),
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
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

  const ownsStore = !options.store;
  const store =
    options.store ??
    (config.redisUrl
      ? createRedisStore(config.redisUrl, {
          onError: (err) => app.log.error({ err }, 'Redis connection error'),
        })
      : createPostgresStore(options.database.db, options.now ?? systemClock));
  const purge = setInterval(() => {
    store.purgeExpired().catch((err: unknown) => app.log.warn({ err }, 'store purge failed'));
  }, PURGE_INTERVAL_MS);
  purge.unref();
  app.addHook('onClose', async () => {
    clearInterval(purge);
    if (ownsStore) await store.close();
  });

  const services = createServices(app, options, store);
  app.decorate('services', services);
  app.decorateRequest('member', null);

  installErrorHandler(app);
  // Member data and one-time challenges must never be served from a shared cache.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
  await registerSecurityHeaders(app, config);
  await registerApiDocs(app);

  const route = createDefineRoute(
    app,
    createAuthenticate({
      verifyToken: services.tokens.verify,
      loadMember: services.members.findAuthState,
    }),
  );
  registerMemberAuthRoutes(route, services.memberAuth, services.members);
  registerMemberRoutes(route, services.members);
  registerAnnouncementRoutes(route, services.announcements);
  registerVisitRoutes(route, services.visits);
  registerCaptchaRoutes(route, services.captcha);
  registerSandboxRoutes(route, services.outbox, config.isProduction);

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
