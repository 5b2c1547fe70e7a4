import { useMemo, useState } from 'react';
import { Button, Checkbox } from 'antd-mobile';
import { useNavigate } from 'react-router';
import {
  billStateLabels,
  billStates,
  type Bill,
  type BillFilter,
  type BillState,
} from '@pcb/contract/bill';
import type { InvoiceType } from '@pcb/contract/member-invoice';
import { errorMessage } from '../../../components/feedback';
import { PageEmpty, PageError, PageLoading } from '../../../components/page-status';
import { formatFen } from '../../../lib/money';
import { paths } from '../../../lib/paths';
import { useBills, useBillTotal } from '../api/bill-calls';

const typeNames: Record<InvoiceType, string> = { normal: '普票', special: '专票' };
const kindNames = { pcb: 'PCB', smt: 'SMT', stencil: '钢网' } as const;

const chinaDay = (iso: string) =>
  new Date(new Date(iso).getTime() + 8 * 3600_000).toISOString().slice(0, 10);

function BillItem({
  bill,
  checked,
  onToggle,
}: {
  bill: Bill;
  checked: boolean;
  onToggle: () => void;
}) {
  const selectable = bill.state === 'open' && bill.amount > 0;
  return (
    <li className="bill-item" data-testid="bill-item" data-state={bill.state}>
      {selectable ? (
        <Checkbox checked={checked} onChange={onToggle} data-testid={`bill-check-${bill.id}`} />
      ) : (
        <span className="bill-check-spacer" />
      )}
      <div className="bill-body">
        <div className="bill-row">
          <span className="bill-no">{bill.orderNo}</span>
          <span className={`bill-state bill-state-${bill.state}`}>
            {billStateLabels[bill.state]}
          </span>
        </div>
        <div className="bill-meta">
          {kindNames[bill.orderKind]} · {typeNames[bill.invoiceType]} · {bill.title}
        </div>
        <div className="bill-row">
          <span className="bill-meta">付款 {chinaDay(bill.paidAt)}</span>
          <span className="bill-amount" data-testid="bill-amount">
            {formatFen(bill.amount)}
          </span>
        </div>
        {(bill.excluded > 0 || bill.refunded > 0) && (
          <div className="bill-meta">
            实付{formatFen(bill.paid)}
            {bill.excluded > 0 && `，赠送金额/优惠券${formatFen(bill.excluded)}不开票`}
            {bill.refunded > 0 && `，已退款${formatFen(bill.refunded)}`}
          </div>
        )}
      </div>
    </li>
  );
}

/**
 * The bills to invoice (decision 0067): filter by type, state and paid days; choose bills of
 * one type; the selection's total comes from GetTotalAmount; 申请开票 opens applyInvoice.
 */
export function BillsTab() {
  const navigate = useNavigate();
  const [invoiceType, setInvoiceType] = useState<InvoiceType | undefined>();
  const [state, setState] = useState<BillState | undefined>('open');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const filter: BillFilter = {
    ...(invoiceType ? { invoiceType } : {}),
    ...(state ? { state } : {}),
    ...(start ? { start } : {}),
    ...(end ? { end } : {}),
  };
  const bills = useBills(filter);
  const total = useBillTotal({ ids: selected }, selected.length > 0);
  const byId = useMemo(
    () => new Map((bills.data?.items ?? []).map((b) => [b.id, b])),
    [bills.data],
  );
  const selectedType = selected.length > 0 ? byId.get(selected[0]!)?.invoiceType : undefined;

  const toggle = (bill: Bill) =>
    setSelected((ids) =>
      ids.includes(bill.id)
        ? ids.filter((id) => id !== bill.id)
        : ids.length > 0 && byId.get(ids[0]!)?.invoiceType !== bill.invoiceType
          ? [bill.id]
          : [...ids, bill.id],
    );
  const changeFilter = (apply: () => void) => {
    setSelected([]);
    apply();
  };
  const selectable = (bills.data?.items ?? []).filter((b) => b.state === 'open' && b.amount > 0);
  const allOfType = selectable.filter(
    (b) => b.invoiceType === (selectedType ?? selectable[0]?.invoiceType),
  );

  return (
    <div className="bills-tab" data-testid="bills-tab">
      <div className="bill-filters">
        <div className="invoice-choice-options" role="group" aria-label="发票类型">
          {([undefined, 'normal', 'special'] as const).map((t) => (
            <button
              key={t ?? 'all'}
              type="button"
              className={`invoice-chip${invoiceType === t ? ' invoice-chip-active' : ''}`}
              onClick={() => changeFilter(() => setInvoiceType(t))}
              data-testid={`bill-type-${t ?? 'all'}`}
            >
              {t ? typeNames[t] : '全部类型'}
            </button>
          ))}
        </div>
        <div className="invoice-choice-options" role="group" aria-label="开票状态">
          {([...billStates, undefined] as const).map((s) => (
            <button
              key={s ?? 'all'}
              type="button"
              className={`invoice-chip${state === s ? ' invoice-chip-active' : ''}`}
              onClick={() => changeFilter(() => setState(s))}
              data-testid={`bill-state-${s ?? 'all'}`}
            >
              {s ? billStateLabels[s] : '全部'}
            </button>
          ))}
        </div>
        <div className="bill-dates">
          <input
            type="date"
            aria-label="开始日期"
            value={start}
            onChange={(e) => changeFilter(() => setStart(e.target.value))}
            data-testid="bill-start"
          />
          <span>至</span>
          <input
            type="date"
            aria-label="结束日期"
            value={end}
            onChange={(e) => changeFilter(() => setEnd(e.target.value))}
            data-testid="bill-end"
          />
        </div>
      </div>
      {bills.isPending ? (
        <PageLoading />
      ) : bills.isError ? (
        <PageError
          message={errorMessage(bills.error, '账单加载失败')}
          onRetry={() => void bills.refetch()}
        />
      ) : bills.data.items.length === 0 ? (
        <PageEmpty text="暂无账单：下单时选择开票的订单付款后会出现在这里" />
      ) : (
        <>
          <ul className="bill-list" data-testid="bill-list">
            {bills.data.items.map((b) => (
              <BillItem
                key={b.id}
                bill={b}
                checked={selected.includes(b.id)}
                onToggle={() => toggle(b)}
              />
            ))}
          </ul>
          {bills.data.total > bills.data.items.length && (
            <p className="invoice-hint bill-more">
              显示最近{bills.data.items.length}个，共{bills.data.total}个，可按日期筛选
            </p>
          )}
        </>
      )}
      <div className="invoice-bottom-bar bill-bar">
        <Checkbox
          checked={allOfType.length > 0 && selected.length === allOfType.length}
          disabled={allOfType.length === 0}
          onChange={(on) => setSelected(on ? allOfType.map((b) => b.id) : [])}
          data-testid="bill-select-all"
        >
          全选
        </Checkbox>
        <div className="bill-total" data-testid="bill-total">
          已选{selected.length}个，合计
          <strong>{formatFen(selected.length > 0 ? (total.data?.total ?? 0) : 0)}</strong>
        </div>
        <Button
          color="primary"
          shape="rounded"
          disabled={selected.length === 0}
          onClick={() =>
            void navigate(`${paths.applyInvoice}/${selectedType ?? 'normal'}/${selected.join(',')}`)
          }
          data-testid="bill-apply"
        >
          申请开票
        </Button>
      </div>
    </div>
  );
}
