import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { pino, type LoggerOptions } from 'pino';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config/env';
import { createAuthenticate } from './http/auth';
import { createDefineRoute } from './http/define-route';
import { registerApiDocs } from './http/docs';
import { fail } from './http/envelope';
import { clientErrorHandler, installErrorHandler } from './http/error-handler';
import { messages } from './http/errors';
import { apiSecurityHeaders, registerSecurityHeaders } from './http/security';
import { isAssetPath, registerWebApp } from './http/static';
import { zodValidatorCompiler } from './http/validation';
import { publicFolder } from './lib/paths';
import {
  createPlatform,
  registerSandboxServers,
  type Platform,
  type PlatformOptions,
} from './platform';
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

export interface AppOptions extends PlatformOptions {
  /** A ready pino logger (main.ts logs the database start with it before the app exists). */
  loggerInstance?: FastifyBaseLogger;
  /** Where /avatars/* and other server-owned files live. */
  publicDir?: string;
}

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

function createServices(p: Platform) {
  const { config, db, store, now, captcha, sms, storage, logError } = p;
  const outbox = p.smsOutbox;

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
    secret: p.deriveKey('sms-code-hmac'),
    dailyLimit: config.sms.dailyLimit,
    ipDailyLimit: config.sms.ipDailyLimit,
    resendIntervalMs: config.sms.resendIntervalSeconds * 1000,
    onSendError: logError('SMS send failed'),
  });
  const assertHuman = createHumanCheck(captcha);
  const memberAuth = createMemberAuthService({
    members,
    smsCodes,
    assertHuman,
    tokens,
    throttle: createLoginThrottle(store, now),
    deviceTrust: createDeviceTrust(p.deriveKey('login-device-trust')),
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
    onNoticeError: logError('relation request SMS failed'),
  });

  const uploads = createUploadService({
    repository: createUploadRepository(db),
    storage,
    store,
    now,
    onStorageError: logError('object storage call failed'),
  });
  const mobileApplies = createMobileApplyService({
    repository: createMobileApplyRepository(db),
    members,
    smsCodes,
    uploads,
    now,
  });

  const seal = createOpenIdSeal(p.deriveKey('wechat-openid-seal'));
  const logWechatError = logError('WeChat API call failed');
  const wechatOAuth = createWechatOAuthService({
    api: p.wechat.api,
    store,
    seal,
    openBase: p.wechat.openBase,
    onApiError: logWechatError,
  });
  const wechat = createWechatService({
    repository: createWechatRepository(db),
    members,
    memberAuth,
    tokens,
    seal,
    api: p.wechat.api,
    mpBase: p.wechat.mpBase,
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
    wechatOAuth,
    wechat,
    sandbox: p.sandbox,
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

  const platform = createPlatform(app, options);
  const services = createServices(platform);
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
