import { useState } from 'react';
import { InfiniteScroll } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import {
  moneyLogTypeNames,
  moneyLogTypes,
  type MoneyLogType,
} from '@pcb/contract/member-advance-payment';
import { errorMessage } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { PageEmpty, PageError, PageLoading } from '../../../components/page-status';
import { logBooks, useMoneyLogs, type LogBook, type LogFilter } from '../api/get-money-logs';
import { AccountLogItem, MoneyLogItem } from '../components/money-log-item';
import { filterOf, isBackwards, rangeNames, ranges, type Range } from '../log-filters';
import '../money.css';

const bookNames: Record<LogBook, string> = {
  all: '收支明细',
  balance: '余额明细',
  gift: '赠送金额明细',
};

function LogList({ book, filter }: { book: LogBook; filter: LogFilter }) {
  const logs = useMoneyLogs(book, filter);
  if (logs.isPending) return <PageLoading />;
  if (logs.isError) {
    return (
      <PageError
        message={errorMessage(logs.error, '明细加载失败')}
        onRetry={() => void logs.refetch()}
      />
    );
  }
  const pages = logs.data.pages;
  const count = pages.reduce((n, p) => n + p.items.length, 0);
  if (count === 0) {
    return <PageEmpty text={Object.keys(filter).length > 0 ? '没有符合条件的记录' : '暂无记录'} />;
  }
  return (
    <>
      <ul className="mn-logs" data-testid="money-logs">
        {pages.flatMap((page) =>
          page.book === 'all'
            ? page.items.map((log) => <MoneyLogItem key={log.id} log={log} />)
            : page.items.map((log) => <AccountLogItem key={log.id} log={log} />),
        )}
      </ul>
      <InfiniteScroll
        hasMore={logs.hasNextPage}
        loadMore={async () => {
          const result = await logs.fetchNextPage();
          // InfiniteScroll asks again only after a failure is thrown back to it.
          if (result.isError) throw result.error;
        }}
      >
        {(hasMore, failed, retry) =>
          failed ? (
            <button type="button" className="mn-more" onClick={() => void retry()}>
              加载失败，点击重试
            </button>
          ) : (
            <span className="mn-more">
              {hasMore ? '加载中…' : `共${pages[0]?.total ?? count}条`}
            </span>
          )
        }
      </InfiniteScroll>
    </>
  );
}

/**
 * /theBalance/billList: 收支明细, 余额明细 and 赠送金额明细 (`GetLogs`,
 * `GetAdvancePaymentLogs`, `GetGiftPaymentLogs`), by type and days, newest first, a page at a
 * time. `?book=` keeps the tab.
 */
export function BillListPage() {
  const [search, setSearch] = useSearchParams();
  const book = logBooks.find((b) => b === search.get('book')) ?? 'all';
  const [type, setType] = useState<MoneyLogType | 'all'>('all');
  const [range, setRange] = useState<Range>('all');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  // The days are fixed when a range is picked, not on every render.
  const [now, setNow] = useState(() => new Date());
  const backwards = range === 'custom' && isBackwards(from, to);
  const filter = filterOf(
    { type, range, from: backwards ? '' : from, to: backwards ? '' : to },
    now,
  );

  return (
    <div className="mn-page" data-testid="bill-list-page">
      <PageHeader>收支明细</PageHeader>
      <div className="mn-tabs" role="tablist" aria-label="明细">
        {logBooks.map((b) => (
          <button
            key={b}
            type="button"
            role="tab"
            aria-selected={b === book}
            className="mn-tab"
            onClick={() => setSearch({ book: b }, { replace: true })}
            data-testid={`bill-book-${b}`}
          >
            {bookNames[b]}
          </button>
        ))}
      </div>
      <div className="mn-filters">
        <div className="mn-filter-row" role="radiogroup" aria-label="类型">
          {(['all', ...moneyLogTypes] as const).map((t) => (
            <button
              key={t}
              type="button"
              role="radio"
              aria-checked={t === type}
              className="mn-chip"
              onClick={() => setType(t)}
              data-testid={`bill-type-${t}`}
            >
              {t === 'all' ? '全部类型' : moneyLogTypeNames[t]}
            </button>
          ))}
        </div>
        <div className="mn-filter-row" role="radiogroup" aria-label="时间">
          {ranges.map((r) => (
            <button
              key={r}
              type="button"
              role="radio"
              aria-checked={r === range}
              className="mn-chip"
              onClick={() => {
                setRange(r);
                setNow(new Date());
              }}
              data-testid={`bill-range-${r}`}
            >
              {rangeNames[r]}
            </button>
          ))}
        </div>
        {range === 'custom' && (
          <div className="mn-dates">
            <input
              type="date"
              aria-label="开始日期"
              value={from}
              max={to || undefined}
              onChange={(e) => setFrom(e.target.value)}
              data-testid="bill-from"
            />
            <span aria-hidden="true">至</span>
            <input
              type="date"
              aria-label="结束日期"
              value={to}
              min={from || undefined}
              onChange={(e) => setTo(e.target.value)}
              data-testid="bill-to"
            />
            {backwards && (
              <span className="mn-error" role="alert">
                结束日期不能早于开始日期
              </span>
            )}
          </div>
        )}
      </div>
      <LogList key={book} book={book} filter={filter} />
    </div>
  );
}
