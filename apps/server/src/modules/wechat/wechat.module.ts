import type { Platform } from '../../platform';
import { appModule } from '../app-module';
import type { MemberAuthApi } from '../member-auth/member-auth.module';
import type { MemberApi } from '../member/member.module';
import { createMiniProgramLogin } from './mini-program-login';
import { createOpenIdSeal } from './openid-seal';
import { createWechatOAuthService } from './wechat-oauth.service';
import { createWechatRepository } from './wechat.repository';
import { registerWechatRoutes } from './wechat.routes';
import { createWechatService } from './wechat.service';

export interface WechatApi {
  /** WeChat accounts bound to the member now (the console's member detail). */
  countActiveBindings: (memberId: number) => Promise<number>;
  /**
   * The openid inside the browser's sealed WeChat identity (`wxOpenId`), for WeChat Pay's JSAPI;
   * null for anything forged or malformed (decision 0008).
   */
  openIdOf: (sealed: string) => string | null;
  /** Whether a mini-program is configured whose logins give openids (decision 0057). */
  hasMiniProgram: boolean;
  /**
   * The mini-program user's openid from a `wx.login` code (code2Session), for WeChat Pay inside
   * the mini-program; 400 (field `code`) for a code WeChat refuses, 503 when WeChat is down.
   */
  miniProgramOpenId: (code: string) => Promise<string>;
}

/** The member's WeChat identity: OAuth inside WeChat, bindings, login by a bound WeChat. */
export const wechatModule = appModule({
  redact: ['openId'],
  redactQuery: ['code', 'state', 'openId', 'ticket'],
  create: (
    {
      config,
      db,
      store,
      now,
      wechat: { api, miniProgram, openBase, mpBase },
      deriveKey,
      logError,
    }: Pick<Platform, 'config' | 'db' | 'store' | 'now' | 'wechat' | 'deriveKey' | 'logError'>,
    { member, memberAuth }: { member: MemberApi; memberAuth: MemberAuthApi },
  ) => {
    const seal = createOpenIdSeal(deriveKey('wechat-openid-seal'));
    const onApiError = logError('WeChat API call failed');
    const miniProgramLogin = createMiniProgramLogin({ api: miniProgram, onApiError });
    const oauth = createWechatOAuthService({ api, store, seal, openBase, onApiError });
    const repository = createWechatRepository(db);
    const wechat = createWechatService({
      repository,
      members: member.members,
      memberAuth,
      tokens: member.tokens,
      seal,
      api,
      mpBase,
      now,
      onApiError,
    });
    return {
      api: {
        countActiveBindings: async (memberId) =>
          (await repository.listForMember(memberId)).filter((b) => b.unboundAt === null).length,
        openIdOf: (sealed) => seal.unseal(sealed)?.openId ?? null,
        hasMiniProgram: miniProgramLogin.available,
        miniProgramOpenId: miniProgramLogin.openIdOf,
      } satisfies WechatApi,
      routes: (route) => registerWechatRoutes(route, oauth, wechat, config.publicOrigins),
    };
  },
});
