import { Table, type TablePaginationConfig, type TableProps } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { QueryError } from './query-error';

export interface PagedTableProps<T> extends Omit<
  TableProps<T>,
  'dataSource' | 'loading' | 'pagination' | 'rowKey'
> {
  /** The query of one page (`pageOf(...)` in the contract). */
  query: UseQueryResult<{ items: T[]; total: number; moreThanTotal?: boolean | undefined }>;
  /** From usePagedFilters: the control that asks the server for the page it shows. */
  pagination: (total: number | undefined, moreThanTotal?: boolean) => TablePaginationConfig;
  /** What an empty page says (filters in place or not). */
  emptyText: string;
}

/**
 * A list the server pages: its rows, the loading state while a page or filter is fetched (the
 * previous rows stay), the error with a retry above it, and the empty text.
 */
export function PagedTable<T extends { id: number }>({
  query,
  pagination,
  emptyText,
  expandable,
  ...table
}: PagedTableProps<T>) {
  return (
    <>
      {query.isError && <QueryError error={query.error} onRetry={() => void query.refetch()} />}
      <Table<T>
        rowKey="id"
        size="middle"
        dataSource={query.data?.items}
        loading={query.isFetching}
        pagination={pagination(query.data?.total, query.data?.moreThanTotal)}
        locale={{ emptyText }}
        // The expand buttons' column needs a header for a screen reader's table navigation.
        expandable={
          expandable && {
            columnTitle: <span className="visually-hidden">详情</span>,
            ...expandable,
          }
        }
        {...table}
      />
    </>
  );
}
