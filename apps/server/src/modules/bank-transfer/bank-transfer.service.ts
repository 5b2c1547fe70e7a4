import {
  bankTransferStateNames,
  type BankTransfer,
  type BankTransferResult,
  type StatementImport,
  type StatementLineResult,
} from '@pcb/contract';
import { yuan } from '@pcb/pricing';
import { mapPage, type Page, type PageRequest } from '../../db/paged-list';
import type { StaffWrite } from '../../http/define-route';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import type { MemberMessageApi } from '../member-message/member-message.module';
import type { MemberApi } from '../member/member.module';
import type { OfflinePaymentLookup } from '../order/order.module';
import type { PaymentApi } from '../payment/payment.module';
import type { StaffApi } from '../staff/staff.module';
import type { VirtualAccountApi } from '../virtual-account/virtual-account.module';
import { parseStatement, type StatementLine } from './bank-statement';
import { transferCreditedMessage } from './bank-transfer.messages';
import type {
  BankTransferFilter,
  BankTransferRepository,
  NewBankTransfer,
} from './bank-transfer.repository';
import type { BankTransferRow } from './bank-transfer.table';

export const TRANSFER_NOT_FOUND_MESSAGE = '转账记录不存在';
export const MEMBER_NOT_FOUND_MESSAGE = '会员不存在';
export const NOT_A_VIRTUAL_ACCOUNT_MESSAGE = '收款账号不是任何会员的虚拟账户';
export const BALANCE_LIMIT_MESSAGE = '计入后会员余额将超过系统上限，未入账';
export const FUTURE_DAY_MESSAGE = '交易日期不能晚于今天';
export const REQUEST_REUSED_MESSAGE = '请求编号已用于另一笔转账，请刷新后重试';
export const alreadyCreditedMessage = (memberId: number) =>
  `该笔转账已计入会员#${memberId}的余额，不能再指定`;
export const paidOrderMessage = (orderNo: string) =>
  `该流水号已登记为订单${orderNo}的线下付款，不能再计入余额`;
export const creditedElsewhereMessage = (row: BankTransferRow) =>
  `该流水号已在收款账号${row.accountNo}下入账（记录#${row.id}），请核对后再指定`;
export const creditedElsewhereRefusal = (row: BankTransferRow) =>
  `该流水号已在收款账号${row.accountNo}下入账（记录#${row.id}），不能再次入账；若确为两笔不同的款项，请用余额调整处理`;
export const recordedMessage = (row: BankTransferRow) =>
  `该笔转账已登记（流水号${row.bankReference}，${bankTransferStateNames[row.state]}，记录#${row.id}）`;

const CHINA_OFFSET_MS = 8 * 3_600_000;
/** `2026-01-05`: the day in China. */
const chinaDay = (at: Date) => new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);

const resultOf = (row: BankTransferRow): BankTransferResult => ({
  id: row.id,
  state: row.state,
  memberId: row.memberId,
  unmatchedReason: row.unmatchedReason,
});

/**
 * Bank transfers received (decision 0055): recorded by hand or imported from the bank's
 * statement, matched to a member by the receiving virtual account, credited to the balance
 * once. Every write runs in the staff write's transaction, reads included (a second
 * connection taken inside it could wait for one that parallel writes hold).
 */
export function createBankTransferService(deps: {
  repository: BankTransferRepository;
  credits: PaymentApi['bankTransfers'];
  owners: VirtualAccountApi['ownersOf'];
  offlinePayments: OfflinePaymentLookup;
  messages: Pick<MemberMessageApi, 'sendIn'>;
  members: Pick<MemberApi, 'namesOf'> & { findById: MemberApi['members']['findById'] };
  staff: Pick<StaffApi, 'namesOf'>;
  now: Clock;
}) {
  const { repository, credits } = deps;

  /**
   * Credits a row this transaction inserted or locked, still unmatched: the ledger, the row,
   * the member's message. Its member's accounts were prepared. The row's new state.
   */
  async function credit(
    w: StaffWrite,
    row: BankTransferRow,
    memberId: number,
    how: { matchedBy: 'account' } | { matchedBy: 'staff'; reason: string },
  ): Promise<BankTransferRow> {
    const at = deps.now();
    const posted = await credits.credit(w.tx, {
      transferId: row.id,
      memberId,
      amount: row.amount,
      bankReference: row.bankReference,
      payerName: row.payerName,
      staffId: w.staff.id,
      at,
    });
    if (!posted) {
      await repository.setUnmatchedReason(w.tx, row.id, BALANCE_LIMIT_MESSAGE);
      return { ...row, unmatchedReason: BALANCE_LIMIT_MESSAGE };
    }
    const marked = await repository.markCredited(w.tx, row.id, {
      memberId,
      matchedBy: how.matchedBy,
      ...(how.matchedBy === 'staff' ? { assignedBy: w.staff.id, assignReason: how.reason } : {}),
      at,
    });
    if (!marked) throw new Error(`bank transfer ${row.id} left unmatched under our hands`);
    await deps.messages.sendIn(
      w.tx,
      transferCreditedMessage({
        memberId,
        amount: row.amount,
        bankReference: row.bankReference,
        valueDate: row.valueDate,
      }),
    );
    return {
      ...row,
      state: 'credited',
      memberId,
      matchedBy: how.matchedBy,
      unmatchedReason: null,
      creditedAt: at,
    };
  }

  const newRow = (
    w: StaffWrite,
    line: Omit<StatementLine, 'line'>,
    source: 'manual' | 'import',
    unmatchedReason: string | null,
    requestId: string | null = null,
  ): NewBankTransfer => ({
    accountNo: line.accountNo,
    bankReference: line.bankReference,
    amount: line.amount,
    payerName: line.payerName,
    payerAccount: line.payerAccount,
    valueDate: line.valueDate,
    note: line.note,
    source,
    unmatchedReason,
    requestId,
    createdBy: w.staff.id,
    createdAt: deps.now(),
  });

  async function toViews(rows: BankTransferRow[]): Promise<BankTransfer[]> {
    const [members, staff] = await Promise.all([
      deps.members.namesOf(rows.flatMap((r) => (r.memberId === null ? [] : [r.memberId]))),
      deps.staff.namesOf(rows.flatMap((r) => [r.createdBy, r.assignedBy])),
    ]);
    return rows.map((row) => ({
      id: row.id,
      accountNo: row.accountNo,
      bankReference: row.bankReference,
      amount: row.amount,
      payerName: row.payerName,
      payerAccount: row.payerAccount,
      valueDate: row.valueDate,
      note: row.note,
      source: row.source,
      state: row.state,
      unmatchedReason: row.unmatchedReason,
      member: row.memberId === null ? null : members.get(row.memberId)!,
      matchedBy: row.matchedBy,
      assignedBy: row.assignedBy === null ? null : (staff.get(row.assignedBy) ?? null),
      assignReason: row.assignReason,
      createdBy: staff.get(row.createdBy) ?? null,
      createdAt: row.createdAt.toISOString(),
      creditedAt: row.creditedAt?.toISOString() ?? null,
    }));
  }

  return {
    async list(filter: BankTransferFilter & PageRequest): Promise<Page<BankTransfer>> {
      return mapPage(await repository.list(filter, filter), toViews);
    },

    /** Before an assignment's transaction opens: the member must exist. */
    async assertMember(memberId: number): Promise<void> {
      if (!(await deps.members.findById(memberId))) {
        throw new AppError(400, MEMBER_NOT_FOUND_MESSAGE, { field: 'memberId' });
      }
    },

    /**
     * One transfer typed from the bank's receipt. Its line (receiving account and reference)
     * is recorded once: again with the same request id is the first answer, with another 409.
     */
    async record(
      w: StaffWrite,
      input: {
        accountNo: string;
        amount: number;
        bankReference: string;
        payerName: string;
        payerAccount?: string | undefined;
        valueDate: string;
        note?: string | undefined;
        requestId: string;
      },
    ): Promise<BankTransferResult> {
      const { tx } = w;
      if (input.valueDate > chinaDay(deps.now())) {
        throw new AppError(400, FUTURE_DAY_MESSAGE, { field: 'valueDate' });
      }
      const line = {
        accountNo: input.accountNo,
        bankReference: input.bankReference,
        amount: input.amount,
        payerName: input.payerName,
        payerAccount: input.payerAccount?.replace(/[\s-]/g, '') || null,
        valueDate: input.valueDate,
        note: input.note || null,
      };
      const paidOrder = (await deps.offlinePayments.ordersPaidBy(tx, [line.bankReference])).get(
        line.bankReference,
      );
      if (paidOrder)
        throw new AppError(409, paidOrderMessage(paidOrder), { field: 'bankReference' });
      // The same reference credited under another account is most likely the same money typed
      // with a wrong account (or imported so): recorded, but left for finance to decide.
      const elsewhere = (await repository.creditedByReference(tx, [line.bankReference])).get(
        line.bankReference,
      );
      const owner = (await deps.owners(tx, [line.accountNo])).get(line.accountNo);
      const memberId = elsewhere && elsewhere.accountNo !== line.accountNo ? undefined : owner;
      const [inserted] = await repository.insertNew(tx, [
        newRow(
          w,
          line,
          'manual',
          memberId !== undefined
            ? null
            : elsewhere && elsewhere.accountNo !== line.accountNo
              ? creditedElsewhereMessage(elsewhere)
              : NOT_A_VIRTUAL_ACCOUNT_MESSAGE,
          input.requestId,
        ),
      ]);
      if (!inserted) {
        const earlier = await repository.findByRequestId(tx, input.requestId);
        if (earlier) {
          const same =
            earlier.accountNo === line.accountNo &&
            earlier.bankReference === line.bankReference &&
            earlier.amount === line.amount;
          if (!same) throw new AppError(409, REQUEST_REUSED_MESSAGE, { field: 'requestId' });
          await w.audit('bankTransfer', earlier.id, null, { replayed: input.requestId });
          return resultOf(earlier);
        }
        const existing = (await repository.findByKeys(tx, [line])).get(repository.lineKey(line));
        throw new AppError(
          409,
          existing ? recordedMessage(existing) : '该笔转账正在登记，请稍后刷新查看',
          { field: 'bankReference' },
        );
      }
      let row = inserted;
      if (memberId !== undefined) {
        await credits.prepare(tx, [memberId]);
        row = await credit(w, inserted, memberId, { matchedBy: 'account' });
      }
      await w.audit('bankTransfer', row.id, null, {
        source: 'manual',
        accountNo: row.accountNo,
        bankReference: row.bankReference,
        amount: row.amount,
        payerName: row.payerName,
        valueDate: row.valueDate,
        state: row.state,
        memberId: row.memberId,
      });
      return resultOf(row);
    },

    /**
     * A statement: every line recorded once (a line recorded before is a duplicate, whoever
     * recorded it), matched by its receiving account and credited, or left unmatched; lines
     * that cannot be read are refused with their reasons. All in the write's one transaction.
     */
    async import(
      w: StaffWrite,
      input: { fileName?: string | undefined; csv: string },
    ): Promise<StatementImport> {
      const { tx } = w;
      const parsed = parseStatement(input.csv, chinaDay(deps.now()));
      if (!parsed.ok) throw new AppError(400, parsed.message, { field: 'csv' });
      const results: StatementLineResult[] = [];
      const add = (
        line: {
          line: number;
          bankReference: string | null;
          accountNo: string | null;
          amount: number | null;
          payerName: string | null;
        },
        outcome: StatementLineResult['outcome'],
        reason: string | null,
        row: { id: number; memberId: number | null } | null = null,
      ) =>
        results.push({
          line: line.line,
          outcome,
          reason,
          bankReference: line.bankReference,
          accountNo: line.accountNo,
          amount: line.amount,
          payerName: line.payerName,
          transferId: row?.id ?? null,
          memberId: row?.memberId ?? null,
        });

      for (const refused of parsed.refused) add(refused, 'refused', refused.reason);
      const firstOf = new Map<string, StatementLine>();
      const lines: StatementLine[] = [];
      for (const line of parsed.lines) {
        const key = repository.lineKey(line);
        const first = firstOf.get(key);
        if (first) add(line, 'duplicate', `与第${first.line}行重复`);
        else {
          firstOf.set(key, line);
          lines.push(line);
        }
      }

      const paidOrders = await deps.offlinePayments.ordersPaidBy(
        tx,
        lines.map((l) => l.bankReference),
      );
      const accountOwners = await deps.owners(
        tx,
        lines.map((l) => l.accountNo),
      );
      const recordable = lines.filter((line) => {
        const orderNo = paidOrders.get(line.bankReference);
        if (orderNo) add(line, 'refused', paidOrderMessage(orderNo));
        return !orderNo;
      });
      // A reference credited under another account (before, or by an earlier line of this
      // file) is recorded but not credited: most likely the same money under a mistyped account.
      const creditedBefore = await repository.creditedByReference(
        tx,
        recordable.map((l) => l.bankReference),
      );
      const waitReason = new Map<string, string>();
      const owners = new Map<string, number>();
      const firstAccountOf = new Map<string, StatementLine>();
      for (const line of recordable) {
        const key = repository.lineKey(line);
        const before = creditedBefore.get(line.bankReference);
        const earlierLine = firstAccountOf.get(line.bankReference);
        const owner = accountOwners.get(line.accountNo);
        if (before && before.accountNo !== line.accountNo) {
          waitReason.set(key, creditedElsewhereMessage(before));
        } else if (earlierLine && earlierLine.accountNo !== line.accountNo) {
          waitReason.set(key, `与第${earlierLine.line}行流水号相同但收款账号不同，请核对后再指定`);
        } else if (owner === undefined) {
          waitReason.set(key, NOT_A_VIRTUAL_ACCOUNT_MESSAGE);
        } else {
          owners.set(key, owner);
        }
        if (!earlierLine) firstAccountOf.set(line.bankReference, line);
      }
      const inserted = await repository.insertNew(
        tx,
        recordable.map((line) =>
          newRow(w, line, 'import', waitReason.get(repository.lineKey(line)) ?? null),
        ),
      );
      const insertedByKey = new Map(inserted.map((row) => [repository.lineKey(row), row]));
      const taken = recordable.filter((line) => !insertedByKey.has(repository.lineKey(line)));
      const earlier = await repository.findByKeys(tx, taken);

      await credits.prepare(
        tx,
        inserted.flatMap((row) => {
          const owner = owners.get(repository.lineKey(row));
          return owner === undefined ? [] : [owner];
        }),
      );
      let creditedAmount = 0;
      // In the statement's order (the bank account's lock taken first keeps any order safe).
      const credited = new Map<string, BankTransferRow>();
      for (const line of recordable) {
        const row = insertedByKey.get(repository.lineKey(line));
        const owner = owners.get(repository.lineKey(line));
        if (!row || owner === undefined) continue;
        const after = await credit(w, row, owner, { matchedBy: 'account' });
        credited.set(repository.lineKey(row), after);
        if (after.state === 'credited') creditedAmount += after.amount;
      }

      for (const line of recordable) {
        const key = repository.lineKey(line);
        const mine = insertedByKey.get(key);
        if (mine) {
          const row = credited.get(key) ?? mine;
          if (row.state === 'credited') add(line, 'credited', null, row);
          else add(line, 'unmatched', row.unmatchedReason, row);
          continue;
        }
        const before = earlier.get(key);
        if (!before) add(line, 'duplicate', '已由同时进行的导入登记');
        else if (before.amount !== line.amount) {
          add(
            line,
            'refused',
            `该流水号已登记过，但金额不同（已登记${yuan(before.amount)}，记录#${before.id}），请核对`,
            before,
          );
        } else {
          add(
            line,
            'duplicate',
            `已登记过（记录#${before.id}，${bankTransferStateNames[before.state]}），不再入账`,
            before,
          );
        }
      }

      results.sort((a, b) => a.line - b.line);
      const count = (outcome: StatementLineResult['outcome']) =>
        results.filter((r) => r.outcome === outcome).length;
      const summary = {
        lines: results.length,
        credited: count('credited'),
        creditedAmount,
        duplicates: count('duplicate'),
        unmatched: count('unmatched'),
        refused: count('refused'),
      };
      await w.audit('bankStatement', null, null, {
        fileName: input.fileName ?? null,
        ...summary,
        transferIds: inserted.map((row) => row.id).sort((a, b) => a - b),
      });
      return { ...summary, results };
    },

    /** An unmatched transfer given to a member by finance, with the reason; credited at once. */
    async assign(
      w: StaffWrite,
      input: { id: number; memberId: number; reason: string },
    ): Promise<BankTransferResult> {
      const row = await repository.lock(w.tx, input.id);
      if (!row) throw new AppError(404, TRANSFER_NOT_FOUND_MESSAGE, { field: 'id' });
      if (row.state === 'credited') {
        throw new AppError(409, alreadyCreditedMessage(row.memberId!));
      }
      // The same money recorded twice under two accounts (a receipt typed with a wrong one, then
      // the statement): once credited, the other line is never credited by hand either.
      const elsewhere = (await repository.creditedByReference(w.tx, [row.bankReference])).get(
        row.bankReference,
      );
      if (elsewhere) throw new AppError(409, creditedElsewhereRefusal(elsewhere));
      await credits.prepare(w.tx, [input.memberId]);
      const after = await credit(w, row, input.memberId, {
        matchedBy: 'staff',
        reason: input.reason,
      });
      if (after.state !== 'credited') {
        throw new AppError(400, BALANCE_LIMIT_MESSAGE, { field: 'memberId' });
      }
      await w.audit(
        'bankTransfer',
        row.id,
        { state: row.state, unmatchedReason: row.unmatchedReason, accountNo: row.accountNo },
        { state: after.state, memberId: input.memberId, amount: row.amount, reason: input.reason },
      );
      return resultOf(after);
    },
  };
}

export type BankTransferService = ReturnType<typeof createBankTransferService>;
