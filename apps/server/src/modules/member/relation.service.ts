import { maskMobile, type Relation, type RelationContext, type RelationList } from '@pcb/contract';
import type { AuthMember } from '../../http/auth';
import { AppError } from '../../http/errors';
import type { EphemeralStore } from '../../integrations/store/store';
import type { SmsSender } from '../../integrations/sms/sms';
import type { Clock } from '../../lib/clock';
import { reserveNotice } from '../sms-code/sms-code.module';
import type { RelationRepository, RelationWithMember } from './relation.repository';
import { displayNameOf, type MemberService } from './member.service';

export const RELATION_APPLIES_PER_DAY = 20;
export const SWITCH_REFUSED_MESSAGE = '只能切换到已同意关联的账号';
const DAY_MS = 24 * 3600_000;

export interface RelationServiceDeps {
  repository: RelationRepository;
  members: MemberService;
  store: EphemeralStore;
  sms: SmsSender;
  now: Clock;
  issueToken: (
    member: { id: number; tokenVersion: number },
    actingFor?: { id: number; tokenVersion: number },
    sessionId?: string,
  ) => Promise<string>;
  onNoticeError?: (error: unknown) => void;
}

const notFound = () => new AppError(404, '关联申请不存在');

/**
 * The relation as the viewer on `side` sees it. A member asked by number shows the asker only
 * the masked number until approving: knowing a number is not a way to a member's name.
 */
const toRelation = (row: RelationWithMember, side: 'main' | 'related'): Relation => {
  const consented = side === 'related' || row.status === 'approved';
  return {
    id: row.id,
    status: row.status,
    member: {
      id: row.other.id,
      displayName: consented ? displayNameOf(row.other) : maskMobile(row.other.mobile),
      mobileMasked: maskMobile(row.other.mobile),
      companyName: consented ? row.other.companyName : null,
    },
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
};

/**
 * Related accounts (decision 0009): a main member asks, the related member approves, either
 * ends it. Only an approved relation lets the main member act in the related account.
 */
export function createRelationService(deps: RelationServiceDeps) {
  const { repository, members, now } = deps;

  /** The relation as one side sees it: `member` is the other account. */
  async function view(
    row: { id: number; mainMemberId: number; relatedMemberId: number },
    viewerId: number,
  ): Promise<Relation> {
    const side = row.mainMemberId === viewerId ? 'main' : 'related';
    const [found] = await repository.listWithOther(viewerId, side, row.id);
    if (!found) throw notFound();
    return toRelation(found, side);
  }

  async function notify(mobile: string, mainName: string, mainMobile: string): Promise<void> {
    const name = `${mainName}（${maskMobile(mainMobile)}）`;
    // Anyone with an account can ask: the texts are on the notice cap, never the code quota.
    if (!(await reserveNotice(deps.store, now, mobile, 'relationRequest'))) return;
    try {
      await deps.sms.send({
        mobile,
        kind: 'relationRequest',
        params: { name },
        text: `【会员中心】${name}请求将您的账号设为其关联账号，登录会员中心后可在“设置”中同意或拒绝；如不认识对方，请拒绝。`,
      });
    } catch (error) {
      // The request stands without the text: the member also sees it in the relation list.
      deps.onNoticeError?.(error);
    }
  }

  return {
    /** For authentication: the main member's state while the relation is approved. */
    findSwitchState: (mainMemberId: number, relatedMemberId: number) =>
      repository.findSwitchState(mainMemberId, relatedMemberId),

    /**
     * The same answer for every number but one's own: a member's or not, asked before or
     * already related. Apply must not tell which numbers are members.
     */
    async apply(mainMemberId: number, mobile: string): Promise<{ ok: true }> {
      // Counted before anything is looked up: at most 20 numbers a day reach the lookup.
      const applies = await deps.store.incr(`relation:apply:${mainMemberId}`, DAY_MS);
      if (applies > RELATION_APPLIES_PER_DAY) {
        throw new AppError(429, '今日关联申请次数已达上限，请明天再试');
      }
      const main = await members.get(mainMemberId);
      if (main.mobile === mobile) throw new AppError(400, '不能关联自己的账号');
      const target = await members.findByMobile(mobile);
      if (!target) return { ok: true };
      // Undefined when already pending or approved: nothing new to tell the member.
      const requested = await repository.request(mainMemberId, target.id, now());
      if (requested) await notify(target.mobile, displayNameOf(main), main.mobile);
      return { ok: true };
    },

    /** Only the invited member answers, and only a pending request. */
    async decide(memberId: number, id: number, status: 'approved' | 'rejected'): Promise<Relation> {
      const row = await repository.findForRelated(id, memberId);
      if (!row) throw notFound();
      if (row.status !== 'pending') throw new AppError(409, '该关联申请已处理');
      const decided = await repository.decide(id, status, now());
      if (!decided) throw new AppError(409, '该关联申请已处理');
      return view(decided, memberId);
    },

    /** A switched token on this relation stops working with it (authentication checks it). */
    async delete(memberId: number, id: number): Promise<{ ok: true }> {
      if (!(await repository.delete(id, memberId))) throw notFound();
      return { ok: true };
    },

    async list(memberId: number): Promise<RelationList> {
      const [related, mainMembers] = await Promise.all([
        repository.listWithOther(memberId, 'main'),
        repository.listWithOther(memberId, 'related'),
      ]);
      return {
        related: related.map((row) => toRelation(row, 'main')),
        mainMembers: mainMembers.map((row) => toRelation(row, 'related')),
      };
    },

    /**
     * A token acting as the related member that names the main member. From a switched token
     * the main member behind it switches on (to another related account) without switching back.
     */
    async switchTo(caller: AuthMember, relatedMemberId: number): Promise<{ accessToken: string }> {
      const mainMemberId = caller.mainMemberId ?? caller.id;
      const refuse = () => new AppError(403, SWITCH_REFUSED_MESSAGE);
      if (relatedMemberId === mainMemberId) throw refuse();
      // The main member's state, found only through an approved relation.
      const main = await repository.findSwitchState(mainMemberId, relatedMemberId);
      if (!main || main.status === 'disabled') throw refuse();
      const related = await members.findForToken({ id: relatedMemberId });
      if (!related || related.status === 'disabled') throw refuse();
      return {
        // In the caller's session: logging out while switched ends this device's login.
        accessToken: await deps.issueToken(
          related,
          { id: mainMemberId, tokenVersion: main.tokenVersion },
          caller.sessionId,
        ),
      };
    },

    async switchBack(caller: AuthMember): Promise<{ accessToken: string }> {
      if (caller.mainMemberId === null) throw new AppError(403, '当前不是关联账号身份');
      const main = await members.getForToken(caller.mainMemberId);
      return { accessToken: await deps.issueToken(main, undefined, caller.sessionId) };
    },

    async context(caller: AuthMember): Promise<RelationContext> {
      if (caller.mainMemberId === null) return { isSwitched: false, mainMember: null };
      const main = await members.get(caller.mainMemberId);
      return {
        isSwitched: true,
        mainMember: {
          id: main.id,
          displayName: displayNameOf(main),
          mobileMasked: maskMobile(main.mobile),
        },
      };
    },
  };
}

export type RelationService = ReturnType<typeof createRelationService>;
