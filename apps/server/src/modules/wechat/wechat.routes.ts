import { api } from '@pcb/contract';
import { readCookie, serializeCookie } from '../../http/cookies';
import type { DefineRoute } from '../../http/define-route';
import { requestOrigin } from '../../http/origin';
import { OAUTH_STATE_TTL_MS, type WechatOAuthService } from './wechat-oauth.service';
import type { WechatService } from './wechat.service';

/** Binds an OAuth state to the browser that asked for it (httpOnly, sent to MemberAuth only). */
export const OAUTH_NONCE_COOKIE = 'wx_oauth_nonce';
const OAUTH_NONCE_PATH = '/api/MemberAuth';

export function registerWechatRoutes(
  route: DefineRoute,
  oauth: WechatOAuthService,
  wechat: WechatService,
  publicOrigins: readonly string[],
): void {
  route(api.MemberAuth.getWxCodeUrl, async ({ input, ip, request, reply }) => {
    const origin = requestOrigin(request, publicOrigins);
    const { url, nonce } = await oauth.getCodeUrl({
      redirectUri: input.redirectUri,
      origin,
      ip,
      nonce: readCookie(request.headers.cookie, OAUTH_NONCE_COOKIE),
    });
    reply.header(
      'set-cookie',
      serializeCookie(OAUTH_NONCE_COOKIE, nonce, {
        path: OAUTH_NONCE_PATH,
        maxAgeSeconds: OAUTH_STATE_TTL_MS / 1000,
        secure: origin.startsWith('https:'),
      }),
    );
    return url;
  });

  route(api.MemberAuth.GetOpenId, async ({ input, request }) =>
    oauth.getOpenId({
      code: input.code,
      state: input.state,
      nonce: readCookie(request.headers.cookie, OAUTH_NONCE_COOKIE),
    }),
  );

  route(api.WechatConfig.GetOfficialAccountQrCodeUrl, async ({ requireMember, request }) =>
    wechat.officialAccountQrCode(requireMember().id, requestOrigin(request, publicOrigins)),
  );

  route(api.WechatMb.GetList, async ({ requireMember }) => wechat.list(requireMember().id));

  route(api.WechatMb.bind, async ({ input, ip, member }) => wechat.bind(input, ip, member));

  route(api.WechatMb.Unbind, async ({ input, requireOwnAccount }) =>
    wechat.unbind(requireOwnAccount().id, input.id),
  );

  route(api.WechatMb.DeleteBind, async ({ input, requireOwnAccount }) =>
    wechat.deleteBinding(requireOwnAccount().id, input.id),
  );

  route(api.WechatMb.OpenIdLogin, async ({ input }) => wechat.openIdLogin(input.openId));

  route(api.WechatMb.GetByOpenId, async ({ input }) => wechat.getByOpenId(input.openId));
}
