import { useState } from 'react';
import type { TablePaginationConfig } from 'antd';

export interface Paging {
  page: number;
  pageSize: number;
}

/** A list's count as a person reads it: `10000+` when the server stopped counting there. */
export const countText = (total: number, moreThanTotal?: boolean) =>
  moreThanTotal ? `${total}+` : String(total);

/**
 * antd's pagination for a server-paged table showing `paging`, with the total (`共 10000+ 条`
 * when the server counted no further) and a size changer.
 */
export function tablePagination(
  paging: Paging,
  total: number | undefined,
  onChange: (page: number, pageSize: number) => void,
  moreThanTotal?: boolean,
): TablePaginationConfig {
  return {
    current: paging.page,
    pageSize: paging.pageSize,
    total: total ?? 0,
    showSizeChanger: true,
    showTotal: (count) => `共 ${countText(count, moreThanTotal)} 条`,
    onChange,
  };
}

/**
 * A table's page, kept with its filters: a new filter starts again at page 1, and the
 * pagination control asks the server for the page it shows (server-side pagination).
 */
export function usePagedFilters<F extends object>(initial: F, pageSize = 20) {
  const [state, setState] = useState<{ filters: F; paging: Paging }>({
    filters: initial,
    paging: { page: 1, pageSize },
  });
  const setFilters = (filters: F) =>
    setState((current) => ({ filters, paging: { ...current.paging, page: 1 } }));
  const pagination = (total: number | undefined, moreThanTotal?: boolean) =>
    tablePagination(
      state.paging,
      total,
      (page, size) => setState((current) => ({ ...current, paging: { page, pageSize: size } })),
      moreThanTotal,
    );
  return { filters: state.filters, paging: state.paging, setFilters, pagination };
}
