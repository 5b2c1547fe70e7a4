import { maskMobile, type BindInput, type WechatBinding } from '@pcb/contract';
import { assertOwnAccount, type AuthMember } from '../../http/auth';
import { AppError } from '../../http/errors';
import type { WechatApi } from '../../integrations/wechat/wechat-api';
import type { Clock } from '../../lib/clock';
import type { MemberAuthService } from '../member-auth/member-auth.module';
import type { MemberService, TokenService } from '../member/member.module';
import type { OpenIdSeal, WechatIdentity } from './openid-seal';
import type { WechatBindingRow } from './wechat-binding.table';
import type { WechatRepository } from './wechat.repository';
import { WECHAT_UNAVAILABLE_MESSAGE } from './wechat-oauth.service';

export const NOT_BOUND_MESSAGE = '该微信尚未绑定账号';
export const INVALID_IDENTITY_MESSAGE = '微信身份无效，请重新进入';
export const BOUND_ELSEWHERE_MESSAGE = '该微信已绑定其他账号，请先在原账号解绑';
export const PROOF_MISMATCH_MESSAGE = '验证信息与当前账号不符';
export const QR_CODE_TTL_SECONDS = 600;

/** `oAbc…xyz`: enough to tell two bindings apart, never the identifier itself. */
export const maskOpenId = (openId: string) => `${openId.slice(0, 4)}…${openId.slice(-3)}`;

const toBinding = (row: WechatBindingRow): WechatBinding => ({
  id: row.id,
  openIdMasked: maskOpenId(row.openId),
  nickName: row.nickName,
  avatar: row.avatar,
  isBound: row.unboundAt === null,
  boundAt: row.boundAt.toISOString(),
  unboundAt: row.unboundAt?.toISOString() ?? null,
});

/** WeChat bindings and login by a bound WeChat identity (decision 0008). */
export function createWechatService(deps: {
  repository: WechatRepository;
  members: MemberService;
  memberAuth: Pick<MemberAuthService, 'proveByPassword' | 'proveBySmsCode'>;
  tokens: TokenService;
  seal: OpenIdSeal;
  api: WechatApi;
  /** WeChat's mp base for this origin (the sandbox lives on our own). */
  mpBase: (origin: string) => string;
  now: Clock;
  onApiError?: (error: unknown) => void;
}) {
  const { repository, members, tokens } = deps;

  const unseal = (sealed: string, message: string): WechatIdentity => {
    const identity = deps.seal.unseal(sealed);
    if (!identity) throw new AppError(400, message);
    return identity;
  };

  const mustOwn = async (id: number, memberId: number) => {
    const row = await repository.findOwn(id, memberId);
    if (!row) throw new AppError(404, '绑定记录不存在');
    return row;
  };

  return {
    async list(memberId: number): Promise<WechatBinding[]> {
      return (await repository.listForMember(memberId)).map(toBinding);
    },

    /**
     * Binds the WeChat identity to the account proven just now (password + human verification,
     * or an SMS login code). Logged in, the proof must be of the logged-in member.
     */
    async bind(input: BindInput, ip: string, caller: AuthMember | null) {
      const identity = unseal(input.openId, INVALID_IDENTITY_MESSAGE);
      assertOwnAccount(caller);
      const bound = await repository.findActive(identity.appId, identity.openId);
      if (bound && caller && bound.memberId !== caller.id) {
        throw new AppError(409, BOUND_ELSEWHERE_MESSAGE);
      }
      const member =
        'password' in input
          ? await deps.memberAuth.proveByPassword(
              {
                userNameOrMobile: input.userNameOrMobile,
                password: input.password,
                ncVerifyDto: input.ncVerifyDto,
              },
              ip,
            )
          : await deps.memberAuth.proveBySmsCode(
              { mobile: input.mobile, smsCode: input.smsCode },
              ip,
            );
      if (caller && member.id !== caller.id) throw new AppError(403, PROOF_MISMATCH_MESSAGE);
      if (bound && bound.memberId !== member.id) throw new AppError(409, BOUND_ELSEWHERE_MESSAGE);
      if (!bound) {
        const created = await repository.insert({
          memberId: member.id,
          appId: identity.appId,
          openId: identity.openId,
          boundAt: deps.now(),
        });
        if (!created) {
          // Bound by a concurrent call: fine if to this member, refused otherwise.
          const winner = await repository.findActive(identity.appId, identity.openId);
          if (winner?.memberId !== member.id) throw new AppError(409, BOUND_ELSEWHERE_MESSAGE);
        }
      }
      return { accessToken: await tokens.issue(member) };
    },

    /** Keeps the record; the identity no longer logs in. Earlier tokens die. */
    async unbind(memberId: number, id: number) {
      await mustOwn(id, memberId);
      await repository.unbind(id, memberId, deps.now());
      return { accessToken: await tokens.issue(await members.revokeTokens(memberId)) };
    },

    async deleteBinding(memberId: number, id: number) {
      await mustOwn(id, memberId);
      await repository.delete(id, memberId);
      return { accessToken: await tokens.issue(await members.revokeTokens(memberId)) };
    },

    async openIdLogin(sealed: string) {
      const identity = unseal(sealed, NOT_BOUND_MESSAGE);
      const binding = await repository.findActive(identity.appId, identity.openId);
      const member = binding ? await members.findForToken({ id: binding.memberId }) : undefined;
      if (!member || member.status === 'disabled') throw new AppError(400, NOT_BOUND_MESSAGE);
      return { accessToken: await tokens.issue(member) };
    },

    async getByOpenId(sealed: string) {
      const identity = unseal(sealed, INVALID_IDENTITY_MESSAGE);
      const binding = await repository.findActive(identity.appId, identity.openId);
      const member = binding ? await members.findById(binding.memberId) : undefined;
      return member
        ? { isBound: true, mobileMasked: maskMobile(member.mobile) }
        : { isBound: false, mobileMasked: null };
    },

    /** The official account's QR code; scanning it to follow tells WeChat `bind:<member id>`. */
    async officialAccountQrCode(memberId: number, origin: string) {
      try {
        const { ticket, expireSeconds } = await deps.api.createQrTicket(
          `bind:${memberId}`,
          QR_CODE_TTL_SECONDS,
        );
        return {
          url: `${deps.mpBase(origin)}/cgi-bin/showqrcode?ticket=${encodeURIComponent(ticket)}`,
          expiresIn: expireSeconds,
        };
      } catch (error) {
        deps.onApiError?.(error);
        throw new AppError(503, WECHAT_UNAVAILABLE_MESSAGE);
      }
    },
  };
}

export type WechatService = ReturnType<typeof createWechatService>;
