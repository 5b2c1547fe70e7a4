import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { TablePaginationConfig } from 'antd';
import { orderKinds, orderStatuses, type OrderKind, type OrderStatus } from '@pcb/contract';
import { workQueueKeys, type WorkQueueKey } from '@pcb/contract/staff-order';

/** The desk's filters; absent ones are not sent (no status: the server's default for the role). */
export interface DeskFilters {
  status?: OrderStatus | 'all';
  kind?: OrderKind;
  queue?: WorkQueueKey;
  keyword?: string;
  dateFrom?: string;
  dateTo?: string;
}

const keys = ['status', 'kind', 'queue', 'keyword', 'dateFrom', 'dateTo'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;

/** The filters a link or the address carries (`/orders?queue=toShipToday`); unknown values drop. */
export function filtersFrom(search: URLSearchParams): DeskFilters {
  const day = (name: string) => {
    const value = search.get(name);
    return value && DAY.test(value) ? value : undefined;
  };
  const filters: DeskFilters = {
    status: oneOf(['all', ...orderStatuses] as const, search.get('status')),
    kind: oneOf(orderKinds, search.get('kind')),
    queue: oneOf(workQueueKeys, search.get('queue')),
    keyword: search.get('keyword')?.trim().slice(0, 40) || undefined,
    dateFrom: day('dateFrom'),
    dateTo: day('dateTo'),
  };
  return Object.fromEntries(
    Object.entries(filters).filter(([, v]) => v !== undefined),
  ) as DeskFilters;
}

/**
 * The desk's filters, kept in the address so the console home can link to a queue and Back
 * returns to the filter; the page is kept beside them and starts again at 1 on a new filter.
 */
export function useDeskFilters(pageSize = 20) {
  const [search, setSearch] = useSearchParams();
  const filters = filtersFrom(search);
  const signature = keys.map((k) => filters[k] ?? '').join('|');
  const [paging, setPaging] = useState({ signature, page: 1, pageSize });
  const current =
    paging.signature === signature ? paging : { signature, page: 1, pageSize: paging.pageSize };

  const setFilters = (next: DeskFilters) =>
    setSearch((previous) => {
      const params = new URLSearchParams(previous);
      for (const key of keys) {
        const value = next[key];
        if (value) params.set(key, value);
        else params.delete(key);
      }
      return params;
    });

  const pagination = (total: number | undefined): TablePaginationConfig => ({
    current: current.page,
    pageSize: current.pageSize,
    total: total ?? 0,
    showSizeChanger: true,
    showTotal: (count) => `共 ${count} 条`,
    onChange: (page, size) => setPaging({ signature, page, pageSize: size }),
  });

  return {
    filters,
    paging: { page: current.page, pageSize: current.pageSize },
    setFilters,
    pagination,
  };
}
