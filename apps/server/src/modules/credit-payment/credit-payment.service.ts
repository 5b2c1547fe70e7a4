import {
  BILL_DUE_DAYS,
  CREDIT_MOBILES_MAX,
  type CreditAccount,
  type CreditApplyInput,
  type CreditLog,
  type CreditLogType,
} from '@pcb/contract';
import type { Db, Executor, Tx } from '../../db/client';
import type { PageRequest } from '../../db/paged-list';
import { mapPage } from '../../db/paged-list';
import type { AuthMember } from '../../http/auth';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import type { MemberService } from '../member/member.module';
import type { CreditPayer, Ledger } from '../payment/payment.module';
import { accounts } from '../payment/payment.module';
import { invalidSmsCode, type SmsCodeService } from '../sms-code/sms-code.module';
import { addDays, chinaDayOf, dayStart } from './credit-dates';
import type { CreditRepository } from './credit-payment.repository';
import { toApply, toBill, toMobile } from './credit-views';
import {
  LINE_NOTE,
  lineOf,
  OVER_LIMIT_MESSAGE,
  SUSPENDED_PREFIX,
  type CreditLineService,
} from './credit-line.service';

export const NOT_CERTIFIED_MESSAGE = '请先完成企业认证，再申请月结';
export const APPLY_EXISTS_MESSAGE = '您已提交月结申请，请勿重复提交';
export const NO_CREDIT_MESSAGE = '您尚未开通月结，请先申请';
export const OVERDUE_MESSAGE = '您有逾期未还的月结账单，请先还款后再使用月结付款';
export const NOT_BOUND_MESSAGE = '该手机号不是月结授权手机';
export const MOBILE_BOUND_MESSAGE = '该手机号已是授权手机';
export const MOBILES_FULL_MESSAGE = `授权手机最多${CREDIT_MOBILES_MAX}个`;
export const MOBILE_NOT_FOUND_MESSAGE = '授权手机不存在';
export const BILL_NOT_FOUND_MESSAGE = '账单不存在';
export const RANGE_MESSAGE = '结束日期不能早于开始日期';
/** The longest range the order totals look at. */
const RANGE_MAX_DAYS = 366;

const logTypeOf: Record<string, CreditLogType> = {
  creditGrant: 'grant',
  orderPay: 'pay',
  orderRefund: 'refund',
  creditRepay: 'repay',
};

/**
 * In the payment's transaction: the order paid on credit, kept for its bill — after the line is
 * checked again, as a suspension or a lowered limit may have been committed since `authorize`
 * (decision 0066). `CreditPayer.paidIn`, and the demo seed's.
 */
export async function creditOrderPaidIn(
  deps: {
    repository: Pick<CreditRepository, 'insertOrder'>;
    line: Pick<CreditLineService, 'assertPayableIn'>;
  },
  tx: Tx,
  order: { id: number; memberId: number; orderNo: string },
  amount: number,
  at: Date,
): Promise<void> {
  await deps.line.assertPayableIn(tx, order.memberId);
  await deps.repository.insertOrder(tx, {
    orderId: order.id,
    memberId: order.memberId,
    orderNo: order.orderNo,
    amountFen: amount,
    paidAt: at,
  });
}

/**
 * The member's side of credit pay (decision 0059): the application, the account, the bound
 * mobiles and the codes, and what paying an order on credit asks (`CreditPayer`).
 */
export function createCreditPaymentService(deps: {
  db: Db;
  repository: CreditRepository;
  ledger: Ledger;
  members: MemberService;
  smsCodes: SmsCodeService;
  orderTotals: (
    memberId: number,
    from: Date,
    to: Date,
  ) => Promise<{ number: number; amount: number }>;
  line: Pick<CreditLineService, 'settle' | 'assertPayableIn'>;
  now: Clock;
}) {
  const { repository, ledger } = deps;
  const today = () => chinaDayOf(deps.now());

  async function approvedLine(memberId: number) {
    const apply = await repository.applyOf(memberId);
    if (!apply || apply.status !== 'approved') throw new AppError(400, NO_CREDIT_MESSAGE);
    return apply;
  }

  /** The member's line; `ex`: read in a transaction (a staff change's answer). */
  async function account(memberId: number, ex?: Executor): Promise<CreditAccount> {
    const apply = await repository.applyOf(memberId, ex);
    const approved = apply?.status === 'approved';
    const [mc, unbilled, current, overdue] = await Promise.all([
      approved ? ledger.balanceOf(accounts.credit(memberId), ex) : 0,
      repository.unbilled(memberId, ex),
      repository.currentBill(memberId, ex),
      repository.hasOverdue(memberId, today(), ex),
    ]);
    const line = approved ? lineOf(apply, mc) : { limit: 0, used: 0, available: 0, overLimit: 0 };
    return {
      state: apply?.status ?? 'none',
      rejectReason: apply?.status === 'rejected' ? apply.rejectReason : null,
      ...line,
      unbilled: unbilled.amount,
      billingDay: approved ? apply.billingDay : null,
      currentBill: current ? toBill(current, today()) : null,
      overdue,
      suspendedAt: approved ? (apply.suspendedAt?.toISOString() ?? null) : null,
      suspendReason: approved ? apply.suspendReason : null,
    };
  }

  const payer: CreditPayer = {
    async authorize(member, input, ip) {
      const line = await approvedLine(member.id);
      if (line.suspendedAt) {
        throw new AppError(400, `${SUSPENDED_PREFIX}${line.suspendReason ?? ''}`);
      }
      if (await repository.hasOverdue(member.id, today())) throw new AppError(400, OVERDUE_MESSAGE);
      // Credit repaid since the limit was lowered goes to the cut first (decision 0066).
      await deps.line.settle(member.id);
      const settled = await repository.applyOf(member.id);
      if ((settled?.limitCutFen ?? 0) > 0) throw new AppError(400, OVER_LIMIT_MESSAGE);
      const mobile = input.creditMobile ?? '';
      if (!(await repository.isBound(member.id, mobile))) {
        throw new AppError(400, NOT_BOUND_MESSAGE, { field: 'creditMobile' });
      }
      const claim = await deps.smsCodes.check({
        mobile,
        purpose: 'creditPay',
        code: input.smsCode ?? '',
        ip,
      });
      if (!(await claim.use())) throw invalidSmsCode();
    },

    paidIn: (tx, order, amount, at) => creditOrderPaidIn(deps, tx, order, amount, at),

    async refundIn(tx, order, amount, at) {
      const credit = await repository.refundOrder(tx, order.id, at);
      if (!credit?.billId) return 'credit';
      const bill = await repository.lockBill(tx, credit.billId);
      if (!bill || bill.status === 'paid') return 'balance';
      const refunded = bill.refundedFen + amount;
      const settled = refunded + bill.repaidFen >= bill.amountFen;
      await repository.updateBill(tx, bill.id, {
        refundedFen: refunded,
        ...(settled ? { status: 'paid' as const, paidAt: at } : {}),
      });
      return 'credit';
    },
  };

  return {
    payer,
    account,

    async getApply(memberId: number) {
      const row = await repository.applyOf(memberId);
      return row ? toApply(row) : null;
    },

    async saveApply(memberId: number, input: CreditApplyInput) {
      const member = await deps.members.get(memberId);
      if (!member.certifiedAt) throw new AppError(400, NOT_CERTIFIED_MESSAGE);
      const fields = {
        companyName: input.companyName,
        contactName: input.contactName,
        contactPhone: input.contactPhone,
        expectedMonthlyFen: input.expectedMonthly,
        remark: input.remark ?? null,
      };
      const at = deps.now();
      const row =
        (await repository.insertApply(memberId, fields, at)) ??
        (await repository.resubmit(memberId, fields, at));
      if (!row) throw new AppError(409, APPLY_EXISTS_MESSAGE);
      return toApply(row);
    },

    async orderNumberAmount(memberId: number, start: string, end: string) {
      if (end < start) throw new AppError(400, RANGE_MESSAGE, { field: 'end' });
      if (dayStart(end).getTime() - dayStart(start).getTime() > RANGE_MAX_DAYS * 86_400_000) {
        throw new AppError(400, `查询范围不能超过${RANGE_MAX_DAYS}天`, { field: 'end' });
      }
      return deps.orderTotals(memberId, dayStart(start), dayStart(addDays(end, 1)));
    },

    unbilled: (memberId: number) => repository.unbilled(memberId),

    async logs(memberId: number, page: PageRequest) {
      const result = await ledger.accountLog(
        accounts.credit(memberId),
        { kinds: ['creditGrant', 'orderPay', 'orderRefund', 'creditRepay'] },
        page,
      );
      return mapPage(result, async (rows) =>
        rows.map((row): CreditLog => ({
          id: row.id,
          type:
            row.kind === 'creditGrant' && row.note === LINE_NOTE
              ? 'limit'
              : (logTypeOf[row.kind] ?? 'pay'),
          amount: row.amount,
          availableAfter: row.balanceAfter,
          orderNo: row.orderNo,
          note: row.note,
          createdAt: row.createdAt.toISOString(),
        })),
      );
    },

    // ---- Bound mobiles (payImpower) ----

    mobiles: async (memberId: number) => (await repository.mobiles(memberId)).map(toMobile),

    /** A code to the member's own login mobile: the member proves it is them. */
    async sendOwnerCode(memberId: number, ip: string) {
      await approvedLine(memberId);
      const member = await deps.members.get(memberId);
      return deps.smsCodes.send({ mobile: member.mobile, purpose: 'creditBindOwner', ip });
    },

    /** A code to the mobile to bind: its holder agrees. */
    async sendMobileCode(memberId: number, mobile: string, ip: string) {
      await approvedLine(memberId);
      if (await repository.isBound(memberId, mobile)) {
        throw new AppError(400, MOBILE_BOUND_MESSAGE, { field: 'mobile' });
      }
      return deps.smsCodes.send({ mobile, purpose: 'creditBindMobile', ip });
    },

    async bindMobile(
      memberId: number,
      input: { mobile: string; ownerCode: string; mobileCode: string },
      ip: string,
    ) {
      await approvedLine(memberId);
      const member = await deps.members.get(memberId);
      const owner = await deps.smsCodes.check({
        mobile: member.mobile,
        purpose: 'creditBindOwner',
        code: input.ownerCode,
        ip,
      });
      const holder = await deps.smsCodes.check({
        mobile: input.mobile,
        purpose: 'creditBindMobile',
        code: input.mobileCode,
        ip,
      });
      if (!(await owner.use()) || !(await holder.use())) throw invalidSmsCode();
      const row = await repository.insertMobile(
        memberId,
        input.mobile,
        CREDIT_MOBILES_MAX,
        deps.now(),
      );
      if (row === 'full') throw new AppError(400, MOBILES_FULL_MESSAGE);
      if (row === 'exists') throw new AppError(400, MOBILE_BOUND_MESSAGE, { field: 'mobile' });
      return toMobile(row);
    },

    async deleteMobile(memberId: number, id: number) {
      if (!(await repository.deleteMobile(memberId, id))) {
        throw new AppError(404, MOBILE_NOT_FOUND_MESSAGE);
      }
      return { ok: true as const };
    },

    /** A payment code to one of the member's bound mobiles. */
    async sendPayCode(member: AuthMember, mobile: string, ip: string) {
      await approvedLine(member.id);
      if (!(await repository.isBound(member.id, mobile))) {
        throw new AppError(400, NOT_BOUND_MESSAGE, { field: 'mobile' });
      }
      return deps.smsCodes.send({ mobile, purpose: 'creditPay', ip });
    },

    // ---- Bills (read) ----

    async bills(memberId: number, page: PageRequest) {
      const t = today();
      return mapPage(await repository.bills(memberId, page), async (rows) =>
        rows.map((row) => toBill(row, t)),
      );
    },

    async billOrders(memberId: number, billId: number) {
      const bill = await repository.bill(billId);
      if (!bill || bill.memberId !== memberId) throw new AppError(404, BILL_NOT_FOUND_MESSAGE);
      return (await repository.billOrders(billId)).map((o) => ({
        orderId: o.orderId,
        orderNo: o.orderNo,
        amount: o.amountFen,
        paidAt: o.paidAt.toISOString(),
        refunded: o.refundedAt !== null,
      }));
    },

    dueDateOf: (billDate: string) => addDays(billDate, BILL_DUE_DAYS),
  };
}

export type CreditPaymentService = ReturnType<typeof createCreditPaymentService>;
