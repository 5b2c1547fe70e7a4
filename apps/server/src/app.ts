import { hkdfSync } from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { pino, type LoggerOptions } from 'pino';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config/env';
import type { Database } from './db/client';
import { createAuthenticate } from './http/auth';
import { createDefineRoute } from './http/define-route';
import { registerApiDocs } from './http/docs';
import { fail } from './http/envelope';
import { clientErrorHandler, installErrorHandler } from './http/error-handler';
import { messages } from './http/errors';
import { apiSecurityHeaders, registerSecurityHeaders } from './http/security';
import { isAssetPath, registerWebApp } from './http/static';
import { zodValidatorCompiler } from './http/validation';
import { createAliyunOss } from './integrations/oss/aliyun-oss';
import type { ObjectStorage } from './integrations/oss/object-storage';
import {
  createSandboxOss,
  registerOssSandbox,
  SANDBOX_OSS_ACCESS_KEY_ID,
} from './integrations/oss/sandbox-oss';
import {
  inProcessClient,
  registerWechatSandbox,
  SANDBOX_WECHAT_API_BASE,
  SANDBOX_WECHAT_APP_ID,
  SANDBOX_WECHAT_PATH,
} from './integrations/wechat/sandbox-wechat';
import { createWechatApi, fetchClient, type HttpClient } from './integrations/wechat/wechat-api';
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
import { createAccountSecurityService } from './modules/member-auth/account-security.service';
import { createHumanCheck } from './modules/member-auth/human-check';
import { createDeviceTrust } from './modules/member-auth/device-trust';
import { createLoginThrottle } from './modules/member-auth/login-throttle';
import { registerMemberAuthRoutes } from './modules/member-auth/member-auth.routes';
import { createMemberAuthService } from './modules/member-auth/member-auth.service';
import { createPaymentPasswordService } from './modules/member-auth/payment-password.service';
import { createTokenService } from './modules/member-auth/token.service';
import { createMemberRepository } from './modules/member/member.repository';
import { registerMemberRoutes } from './modules/member/member.routes';
import { createMemberService } from './modules/member/member.service';
import { createRelationRepository } from './modules/member/relation.repository';
import { registerRelationRoutes } from './modules/member/relation.routes';
import { createRelationService } from './modules/member/relation.service';
import { createMobileApplyRepository } from './modules/mobile-apply/mobile-apply.repository';
import { registerMobileApplyRoutes } from './modules/mobile-apply/mobile-apply.routes';
import { createMobileApplyService } from './modules/mobile-apply/mobile-apply.service';
import { createUploadRepository } from './modules/upload/upload.repository';
import { registerUploadRoutes } from './modules/upload/upload.routes';
import { createUploadService, largestUpload } from './modules/upload/upload.service';
import { createOpenIdSeal } from './modules/wechat/openid-seal';
import { createWechatOAuthService } from './modules/wechat/wechat-oauth.service';
import { createWechatRepository } from './modules/wechat/wechat.repository';
import { registerWechatRoutes } from './modules/wechat/wechat.routes';
import { createWechatService } from './modules/wechat/wechat.service';
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
  storage?: ObjectStorage;
  /** How the server calls WeChat (default: the network, or the sandbox in process). */
  wechatHttp?: HttpClient;
  /** A ready pino logger (main.ts logs the database start with it before the app exists). */
  loggerInstance?: FastifyBaseLogger;
  /** Where /avatars/* and other server-owned files live. */
  publicDir?: string;
}

const PURGE_INTERVAL_MS = 10 * 60_000;

/**
 * Query parameters that are credentials, however briefly: the OAuth code and state, the sealed
 * openid (it logs in), QR tickets. Request logs show them as [redacted].
 */
const SECRET_QUERY_PARAMS = ['code', 'state', 'openId', 'ticket', 'oldMobileTicket'];

export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  let changed = false;
  for (const name of SECRET_QUERY_PARAMS) {
    if (params.has(name)) {
      params.set(name, '[redacted]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, at)}?${params.toString()}` : url;
}

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
        'openId',
        '*.openId',
        'oldMobileTicket',
        '*.oldMobileTicket',
      ],
      censor: '[redacted]',
    },
    serializers: {
      // Fastify's request serializer, with credentials in the query string hidden.
      req: (req: {
        method: string;
        url: string;
        host?: string;
        ip?: string;
        socket?: { remotePort?: number };
      }) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
}

/** Keys of their own, derived from JWT_SECRET so that no extra secret has to be configured. */
const derivedKey = (config: Config, purpose: string) =>
  new Uint8Array(hkdfSync('sha256', config.jwt.secret, '', purpose, 32));

/** What the embedded sandboxes (WeChat, OSS) need; production never runs them. */
function sandboxSecrets(config: Config) {
  return {
    wechatAppSecret: Buffer.from(derivedKey(config, 'wechat-sandbox-app-secret')).toString('hex'),
    wechatOpenIdKey: derivedKey(config, 'wechat-sandbox-openid'),
    ossAccessKeySecret: Buffer.from(derivedKey(config, 'oss-sandbox-secret')).toString('base64'),
  };
}

function createServices(app: FastifyInstance, options: AppOptions, store: EphemeralStore) {
  const { config, database } = options;
  const { db } = database;
  const now = options.now ?? systemClock;
  const sandbox = sandboxSecrets(config);

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
  const tokens = createTokenService(config.jwt, now, { create: members.createSession });
  const smsCodes = createSmsCodeService({
    store,
    sms,
    now,
    secret: derivedKey(config, 'sms-code-hmac'),
    dailyLimit: config.sms.dailyLimit,
    ipDailyLimit: config.sms.ipDailyLimit,
    resendIntervalMs: config.sms.resendIntervalSeconds * 1000,
    onSendError: (err) => app.log.error({ err }, 'SMS send failed'),
  });
  const assertHuman = createHumanCheck(captcha);
  const memberAuth = createMemberAuthService({
    members,
    smsCodes,
    assertHuman,
    tokens,
    throttle: createLoginThrottle(store, now),
    deviceTrust: createDeviceTrust(derivedKey(config, 'login-device-trust')),
    now,
    agreementVersion: config.memberAgreementVersion,
  });
  const paymentPasswords = createPaymentPasswordService({ members, store });
  const accountSecurity = createAccountSecurityService({
    members,
    smsCodes,
    assertHuman,
    tokens,
    store,
    paymentPasswords,
  });
  const relations = createRelationService({
    repository: createRelationRepository(db),
    members,
    store,
    sms,
    now,
    issueToken: tokens.issue,
    onNoticeError: (err) => app.log.error({ err }, 'relation request SMS failed'),
  });

  const storage =
    options.storage ??
    (config.oss.provider === 'aliyun'
      ? createAliyunOss(config.oss)
      : createSandboxOss({
          credentials: {
            accessKeyId: SANDBOX_OSS_ACCESS_KEY_ID,
            accessKeySecret: sandbox.ossAccessKeySecret,
          },
          objectsDir: path.join(config.dataDir, 'objects'),
        }));
  const uploads = createUploadService({
    repository: createUploadRepository(db),
    storage,
    store,
    now,
    onStorageError: (err) => app.log.error({ err }, 'object storage call failed'),
  });
  const mobileApplies = createMobileApplyService({
    repository: createMobileApplyRepository(db),
    members,
    smsCodes,
    uploads,
    now,
  });

  const wechatConfig = config.wechat;
  const wechatApi =
    wechatConfig.provider === 'wechat'
      ? createWechatApi({
          appId: wechatConfig.appId,
          appSecret: wechatConfig.appSecret,
          apiBase: wechatConfig.apiBase,
          http: options.wechatHttp ?? fetchClient(),
          store,
        })
      : createWechatApi({
          appId: SANDBOX_WECHAT_APP_ID,
          appSecret: sandbox.wechatAppSecret,
          apiBase: SANDBOX_WECHAT_API_BASE,
          http: options.wechatHttp ?? inProcessClient(app),
          store,
        });
  // The sandbox plays WeChat on our own origin, for the browser and for the QR image.
  const wechatBase = (real: 'openBase' | 'mpBase') => (origin: string) =>
    wechatConfig.provider === 'wechat' ? wechatConfig[real] : `${origin}${SANDBOX_WECHAT_PATH}`;
  const seal = createOpenIdSeal(derivedKey(config, 'wechat-openid-seal'));
  const logWechatError = (err: unknown) => app.log.error({ err }, 'WeChat API call failed');
  const wechatOAuth = createWechatOAuthService({
    api: wechatApi,
    store,
    seal,
    openBase: wechatBase('openBase'),
    onApiError: logWechatError,
  });
  const wechat = createWechatService({
    repository: createWechatRepository(db),
    members,
    memberAuth,
    tokens,
    seal,
    api: wechatApi,
    mpBase: wechatBase('mpBase'),
    now,
    onApiError: logWechatError,
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
    paymentPasswords,
    accountSecurity,
    relations,
    storage,
    uploads,
    mobileApplies,
    wechatApi,
    wechatOAuth,
    wechat,
    sandbox,
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

  const route = createDefineRoute(
    app,
    createAuthenticate({
      verifyToken: services.tokens.verify,
      loadMember: services.members.findAuthState,
      loadSwitch: services.relations.findSwitchState,
    }),
  );
  registerMemberAuthRoutes(route, services.memberAuth, services.accountSecurity, services.members);
  registerMemberRoutes(route, services.members);
  registerRelationRoutes(route, services.relations);
  registerUploadRoutes(route, services.uploads);
  registerMobileApplyRoutes(route, services.mobileApplies);
  registerWechatRoutes(route, services.wechatOAuth, services.wechat, config.publicOrigins);
  registerAnnouncementRoutes(route, services.announcements);
  registerVisitRoutes(route, services.visits);
  registerCaptchaRoutes(route, services.captcha);
  registerSandboxRoutes(route, services.outbox, config.isProduction);
  // Configuration refuses both sandboxes in production, so these never run there.
  if (config.wechat.provider === 'sandbox') {
    await registerWechatSandbox(app, {
      appId: SANDBOX_WECHAT_APP_ID,
      appSecret: services.sandbox.wechatAppSecret,
      store,
      openIdKey: services.sandbox.wechatOpenIdKey,
    });
  }
  if (config.oss.provider === 'sandbox' && !options.storage) {
    await registerOssSandbox(app, {
      credentials: {
        accessKeyId: SANDBOX_OSS_ACCESS_KEY_ID,
        accessKeySecret: services.sandbox.ossAccessKeySecret,
      },
      objectsDir: path.join(config.dataDir, 'objects'),
      now: options.now ?? systemClock,
      // Room for the multipart framing; a larger file is still refused as OSS refuses it.
      maxBodyBytes: largestUpload() * 2,
    });
  }

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
