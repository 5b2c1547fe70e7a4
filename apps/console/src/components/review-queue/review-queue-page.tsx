import type { ReactNode } from 'react';
import { Button, Flex, Segmented, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  REVIEW_KEYWORD_MAX,
  reviewStatusLabels,
  reviewStatuses,
  type ReviewRowBase,
  type ReviewStatus,
} from '@pcb/contract/review-queue';
import { formatTime } from '../../lib/date';
import { PageSection } from '../page-section';
import { PagedTable } from '../paged-table';
import { SearchBox } from '../search-box';
import { ReviewStatusTag } from './review-status-tag';
import type { ReviewQueueState } from './use-review-queue';

/** The column of what this queue's applications ask (the company, the new number). */
export interface AskedColumn<R> {
  title: string;
  render: (row: R) => ReactNode;
  width?: number;
}

/**
 * One review queue (decision 0041), the same for every kind of application: filtered by status
 * (pending by default, oldest first) and member; the columns submitted, member, what is asked,
 * status, reviewer, reviewed; a row opens the queue's drawer (`children`).
 */
export function ReviewQueuePage<R extends ReviewRowBase>({
  title,
  queue,
  query,
  asked,
  pendingEmptyText,
  children,
}: {
  title: string;
  queue: ReviewQueueState;
  query: UseQueryResult<{ items: R[]; total: number }>;
  asked: AskedColumn<R>;
  /** What an empty pending queue says (`没有待审核的企业认证`). */
  pendingEmptyText: string;
  /** The drawer of the open application. */
  children: ReactNode;
}) {
  const { filters, setFilters } = queue;
  const columns: TableColumnsType<R> = [
    { title: '提交时间', dataIndex: 'submittedAt', width: 150, render: formatTime },
    {
      title: '会员',
      dataIndex: 'member',
      width: 180,
      render: (m: R['member']) => `${m.displayName}（#${m.id}）`,
    },
    { title: asked.title, key: 'asked', width: asked.width, render: (_, row) => asked.render(row) },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: ReviewStatus) => <ReviewStatusTag status={s} />,
    },
    {
      title: '审核人',
      dataIndex: 'decidedBy',
      width: 110,
      render: (s: R['decidedBy']) => s?.realName ?? '—',
    },
    { title: '审核时间', dataIndex: 'decidedAt', width: 150, render: formatTime },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      render: (_, row) => (
        <Button type="link" size="small" onClick={() => queue.open(row.id)}>
          {row.status === 'pending' ? '审核' : '查看'}
        </Button>
      ),
    },
  ];

  return (
    <PageSection
      title={title}
      extra={
        <Flex gap={12} wrap align="center">
          <SearchBox
            label="按会员查找"
            placeholder="会员手机号或姓名"
            maxLength={REVIEW_KEYWORD_MAX}
            width={260}
            onSearch={(keyword) => setFilters({ ...filters, keyword })}
          />
          <Segmented<ReviewStatus | 'all'>
            aria-label="申请状态"
            value={filters.status ?? 'all'}
            onChange={(value) =>
              setFilters({ ...filters, status: value === 'all' ? undefined : value })
            }
            options={[
              ...reviewStatuses.map((value) => ({ value, label: reviewStatusLabels[value] })),
              { value: 'all', label: '全部' },
            ]}
          />
        </Flex>
      }
    >
      {filters.status === undefined && (
        <Typography.Paragraph type="secondary">
          待审核的在前（最早提交的在最前），其后按审核时间由近到远。
        </Typography.Paragraph>
      )}
      <PagedTable<R>
        query={query}
        pagination={queue.pagination}
        emptyText={
          filters.keyword
            ? '没有该会员的申请'
            : filters.status === 'pending'
              ? pendingEmptyText
              : '暂无申请'
        }
        columns={columns}
      />
      {children}
    </PageSection>
  );
}
