import { DatePicker, InputNumber } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import type { MemberRef } from '@pcb/contract/staff-common';
import { SearchBox } from '../../../components/search-box';
import { paths } from '../../../lib/paths';

/** The filters both money lists share: days (China time), a member's id, an order number. */
export interface CommonFilters {
  from?: string;
  to?: string;
  memberId?: string;
  orderNo?: string;
}

export function CommonFilterFields<F extends CommonFilters>({
  filters,
  setFilters,
  dayLabel,
}: {
  filters: F;
  setFilters: (next: F) => void;
  /** What the days are of (创建日期, 发起日期). */
  dayLabel: string;
}) {
  const range: [dayjs.Dayjs | null, dayjs.Dayjs | null] | null =
    filters.from || filters.to
      ? [filters.from ? dayjs(filters.from) : null, filters.to ? dayjs(filters.to) : null]
      : null;
  return (
    <>
      <DatePicker.RangePicker
        aria-label={dayLabel}
        allowEmpty={[true, true]}
        value={range}
        placeholder={[`${dayLabel}起`, '止']}
        style={{ width: 250 }}
        onChange={(days) =>
          setFilters({
            ...filters,
            from: days?.[0]?.format('YYYY-MM-DD'),
            to: days?.[1]?.format('YYYY-MM-DD'),
          })
        }
      />
      <InputNumber
        min={1}
        precision={0}
        placeholder="会员ID"
        aria-label="会员ID"
        style={{ width: 120 }}
        value={filters.memberId ? Number(filters.memberId) : null}
        onChange={(value) =>
          setFilters({ ...filters, memberId: value ? String(value) : undefined })
        }
      />
      <SearchBox
        key={filters.orderNo ?? ''}
        defaultValue={filters.orderNo}
        label="订单号"
        placeholder="订单号"
        maxLength={20}
        width={220}
        onSearch={(orderNo) => setFilters({ ...filters, orderNo })}
      />
    </>
  );
}

/** A member in a money list: their name and id, opening their ledger. */
export function MemberCell({ member }: { member: MemberRef }) {
  return (
    <Link to={`${paths.memberLedger}?member=${member.id}`}>
      {member.displayName}（#{member.id}）
    </Link>
  );
}

/** An order number opening the order in the desk's drawer; — without one. */
export function OrderCell({ id, orderNo }: { id: number | null; orderNo: string | null }) {
  if (id === null || orderNo === null) return <>—</>;
  return <Link to={`${paths.orders}?order=${id}`}>{orderNo}</Link>;
}
