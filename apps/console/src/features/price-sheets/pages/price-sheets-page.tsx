import { useCallback, useMemo, useState } from 'react';
import { App, Button, Skeleton, Space, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { PriceSheetDetail, PriceSheetSummary } from '@pcb/contract/staff-price-sheet';
import { PageSection } from '../../../components/page-section';
import { PagedTable } from '../../../components/paged-table';
import { QueryError } from '../../../components/query-error';
import { formatTime } from '../../../lib/date';
import { usePagedFilters } from '../../../lib/paging';
import { useStaff } from '../../../lib/staff-session';
import { useSearchParamId } from '../../../lib/use-search-param-id';
import { useCreateDraft } from '../api/create-draft';
import { usePriceSheet } from '../api/get-price-sheet';
import { usePriceSheets } from '../api/list-price-sheets';
import { DraftEditor } from '../components/draft-editor';
import { SheetEditingContext, SheetStore, type SheetEditing } from '../components/sheet-context';
import { SheetView } from '../components/sheet-view';
import { priceSheetStatusTags } from '../price-sheet-labels';
import { sheetTabs } from '../sheet-sections';

/** A sheet to read: the same tables as the editor, without inputs. */
function ReadOnlySheet({ detail }: { detail: PriceSheetDetail }) {
  const editing = useMemo<SheetEditing>(
    () => ({
      store: new SheetStore(detail.sheet),
      editable: false,
      revision: 0,
      onChange: () => {},
      onInvalid: () => {},
    }),
    [detail.sheet],
  );
  const tabs = useMemo(() => sheetTabs(detail.sheet), [detail.sheet]);
  return (
    <SheetEditingContext.Provider value={editing}>
      <SheetView tabs={tabs} />
    </SheetEditingContext.Provider>
  );
}

function sheetTitle(sheet: PriceSheetSummary): string {
  if (sheet.status === 'draft') {
    return `草稿（基于版本 ${sheet.basedOnVersion ?? '—'}）· ${sheet.name}`;
  }
  return `版本 ${sheet.version} · ${sheet.name}`;
}

/**
 * Price sheets: the history (draft, the published version, retired ones) and one sheet below
 * it, read in sections. Admins copy the published sheet into a draft, edit it, preview sample
 * quotes against the published prices and publish it as the next version.
 */
export default function PriceSheetsPage() {
  const staff = useStaff();
  const { message, modal } = App.useApp();
  const canEdit = staff.roles.includes('admin');
  const [openId, open] = useSearchParamId('sheet');
  const { paging, pagination } = usePagedFilters({}, 10);
  const history = usePriceSheets(paging);
  // The newest few, wherever the history is paged: the draft and the current version are there.
  const latest = usePriceSheets({ page: 1, pageSize: 5 });
  const draft = latest.data?.items.find((s) => s.status === 'draft') ?? null;
  const current = latest.data?.items.find((s) => s.status === 'published') ?? null;
  const shownId = openId ?? (canEdit && draft ? draft.id : (current?.id ?? null));
  const shown = usePriceSheet(shownId);
  const createDraft = useCreateDraft();
  const [dirty, setDirty] = useState(false);
  const onDirtyChange = useCallback((next: boolean) => setDirty(next), []);

  /** Another sheet replaces the editor: unsaved changes are lost only when the staff agrees. */
  const show = (id: number | null) => {
    if (!dirty || id === shownId) return open(id);
    modal.confirm({
      title: '放弃未保存的修改？',
      content: '草稿中还有未保存的修改，切换后这些修改将丢失。',
      okText: '放弃修改',
      okButtonProps: { danger: true },
      onOk: () => {
        setDirty(false);
        open(id);
      },
    });
  };

  const onCreateDraft = () =>
    createDraft.mutate(
      {},
      {
        onSuccess: (created) => {
          void message.success(`已从版本 ${created.basedOnVersion ?? '—'} 复制草稿`);
          open(created.id);
        },
        onError: (error) => void message.error(error.message),
      },
    );

  const columns: TableColumnsType<PriceSheetSummary> = [
    {
      title: '版本',
      dataIndex: 'version',
      width: 80,
      render: (v: number | null) => (v === null ? '—' : `v${v}`),
    },
    { title: '名称', dataIndex: 'name', ellipsis: true },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: PriceSheetSummary['status']) => (
        <Tag color={priceSheetStatusTags[s].color}>{priceSheetStatusTags[s].label}</Tag>
      ),
    },
    {
      title: '基于',
      dataIndex: 'basedOnVersion',
      width: 80,
      render: (v: number | null) => (v === null ? '—' : `v${v}`),
    },
    {
      title: '修改说明',
      dataIndex: 'note',
      ellipsis: true,
      render: (n: string | null) => n ?? '—',
    },
    {
      title: '创建人，更新于',
      key: 'created',
      width: 190,
      render: (_, row) => `${row.createdBy?.realName ?? '系统'}，${formatTime(row.updatedAt)}`,
    },
    {
      title: '发布',
      key: 'published',
      width: 190,
      render: (_, row) =>
        row.publishedAt
          ? `${row.publishedBy?.realName ?? '系统'}，${formatTime(row.publishedAt)}`
          : '—',
    },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      render: (_, row) => (
        <Button
          type="link"
          size="small"
          onClick={() => show(row.id)}
          disabled={row.id === shownId}
          data-testid={`price-sheet-open-${row.id}`}
        >
          {row.status === 'draft' && canEdit ? '编辑' : '查看'}
        </Button>
      ),
    },
  ];

  const detail = shown.data;
  const isEditing = canEdit && detail?.status === 'draft';

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <PageSection
        title="价格表"
        extra={
          canEdit &&
          (draft ? (
            <Button onClick={() => show(draft.id)} disabled={draft.id === shownId}>
              编辑草稿
            </Button>
          ) : (
            <Button type="primary" onClick={onCreateDraft} loading={createDraft.isPending}>
              新建草稿
            </Button>
          ))
        }
      >
        <PagedTable<PriceSheetSummary>
          query={history}
          pagination={pagination}
          emptyText="还没有价格表"
          columns={columns}
          aria-label="价格表历史"
        />
      </PageSection>
      <PageSection
        title={detail ? sheetTitle(detail) : '价格表内容'}
        extra={
          detail &&
          !isEditing && (
            <Space>
              <Tag color={priceSheetStatusTags[detail.status].color}>
                {priceSheetStatusTags[detail.status].label}
              </Tag>
              {!canEdit && (
                <Typography.Text type="secondary">只读：仅管理员可修改价格表</Typography.Text>
              )}
            </Space>
          )
        }
      >
        {shown.isError && <QueryError error={shown.error} onRetry={() => void shown.refetch()} />}
        {shownId !== null && shown.isPending && <Skeleton active paragraph={{ rows: 10 }} />}
        {latest.isSuccess && shownId === null && (
          <Typography.Text type="secondary">还没有生效中的价格表</Typography.Text>
        )}
        {detail &&
          (isEditing ? (
            <DraftEditor
              key={detail.id}
              detail={detail}
              currentVersion={current?.version ?? null}
              onDirtyChange={onDirtyChange}
              onLeave={() => {
                setDirty(false);
                open(null);
              }}
            />
          ) : (
            <ReadOnlySheet key={detail.id} detail={detail} />
          ))}
      </PageSection>
    </Space>
  );
}
