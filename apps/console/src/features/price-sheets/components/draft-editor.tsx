import { useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { Alert, App, Badge, Button, Divider, Flex, Input, Space, Tooltip, Typography } from 'antd';
import { StaffPriceSheet, type PriceSheetDetail } from '@pcb/contract/staff-price-sheet';
import { checkPriceSheet, defaultPcbParams, type PcbParams, type PriceSheet } from '@pcb/pricing';
import { ApiError } from '@pcb/client';
import { invalidateEndpoints } from '../../../lib/api';
import { useLeaveGuard } from '../../../lib/leave-guard';
import { useDeleteDraft } from '../api/delete-draft';
import { usePreviewPriceSheet } from '../api/preview-price-sheet';
import { usePublishPriceSheet } from '../api/publish-price-sheet';
import { useSaveDraft } from '../api/save-draft';
import { pathName, setAt, type SheetPath } from '../sheet-path';
import { fieldPaths, sheetTabs } from '../sheet-sections';
import { sameValue } from '../sheet-values';
import { SheetEditingContext, SheetStore, type SheetEditing } from './sheet-context';
import { PreviewPanel, PriceWarnings, type PreviewResult } from './preview-panel';
import { SheetView } from './sheet-view';

type CustomPcb = Pick<PcbParams, 'layers' | 'lengthMm' | 'widthMm' | 'quantity'>;
const samplesOf = (custom: CustomPcb[]) =>
  custom.map((s) => ({ kind: 'pcb' as const, params: { ...defaultPcbParams, ...s } }));

/** The server names a sheet's field `sheet.pcb.engineering.2`; the cells know `pcb.engineering.2`. */
const sheetPathOf = (field: string | null) =>
  field?.startsWith('sheet.') ? field.slice('sheet.'.length) : null;

/**
 * The draft, editable in the same tables as the published sheet: changes are marked until
 * saved, problems (the engine's check, then the server's) sit next to their field; preview the
 * sample quotes, publish as the next version, or throw the draft away.
 */
export function DraftEditor({
  detail,
  currentVersion,
  onLeave,
  onDirtyChange,
}: {
  detail: PriceSheetDetail;
  /** The published version the page shows as current; the draft becomes the next one. */
  currentVersion: number | null;
  /** After publishing or discarding: the page shows the published sheet. */
  onLeave: () => void;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { message, modal } = App.useApp();
  const [sheet, setSheet] = useState<PriceSheet>(detail.sheet);
  const [saved, setSaved] = useState<PriceSheet>(detail.sheet);
  const [note, setNote] = useState(detail.note ?? '');
  const [savedNote, setSavedNote] = useState(detail.note ?? '');
  const [revision, setRevision] = useState(0);
  const [typing, setTyping] = useState<ReadonlyMap<string, string>>(new Map());
  const [serverProblem, setServerProblem] = useState<{ path: string; message: string } | null>(
    null,
  );
  const [preview, setPreview] = useState<PreviewResult | null>(null);
  const [samples, setSamples] = useState<CustomPcb[]>([]);
  /** Publishing asks the preview first. */
  const [checking, setChecking] = useState(false);
  const save = useSaveDraft();
  const runPreview = usePreviewPriceSheet();
  const publish = usePublishPriceSheet();
  const discard = useDeleteDraft();

  const dirty = !sameValue(sheet, saved) || note.trim() !== savedNote.trim();
  useLeaveGuard(dirty, '价格表草稿有未保存的修改，离开后这些修改将丢失。确定离开吗？');
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const checked = useMemo(() => checkPriceSheet(sheet), [sheet]);
  const problems = useMemo(() => {
    const map = new Map<string, string>();
    for (const p of checked) map.set(p.path, p.message);
    if (serverProblem) map.set(serverProblem.path, serverProblem.message);
    for (const [path, text] of typing) map.set(path, text);
    return map;
  }, [checked, serverProblem, typing]);
  const blocked = problems.size > 0;

  // The cells read the values from the store (one cell re-renders per keystroke, not all).
  const [store] = useState(() => new SheetStore(detail.sheet));
  useLayoutEffect(() => store.set({ sheet, saved, problems }), [store, sheet, saved, problems]);
  // The rows follow the sheet's own lists (packages, sizes), which editing values never changes.
  const tabs = useMemo(() => sheetTabs(saved), [saved]);

  const onChange = useCallback((path: SheetPath, value: unknown) => {
    setSheet((current) => setAt(current, path, value));
    setServerProblem(null);
  }, []);
  const onInvalid = useCallback(
    (path: SheetPath, text: string | null) =>
      setTyping((current) => {
        const name = pathName(path);
        if ((current.get(name) ?? null) === text) return current;
        const next = new Map(current);
        if (text === null) next.delete(name);
        else next.set(name, text);
        return next;
      }),
    [],
  );
  const editing = useMemo<SheetEditing>(
    () => ({ store, editable: true, revision, onChange, onInvalid }),
    [store, revision, onChange, onInvalid],
  );

  const saveNow = async (): Promise<boolean> => {
    try {
      const result = await save.mutateAsync({
        id: detail.id,
        sheet,
        note: note.trim() || undefined,
      });
      // The inputs start over from the store: it holds the saved values before they mount.
      store.set({ sheet: result.sheet, saved: result.sheet });
      setSheet(result.sheet);
      setSaved(result.sheet);
      setNote(result.note ?? '');
      setSavedNote(result.note ?? '');
      setRevision((r) => r + 1);
      return true;
    } catch (error) {
      const path = error instanceof ApiError ? sheetPathOf(error.field) : null;
      if (path) setServerProblem({ path, message: (error as Error).message });
      void message.error((error as Error).message);
      return false;
    }
  };

  const onSave = async () => {
    if (await saveNow()) void message.success('草稿已保存');
  };

  const previewWith = async (next: CustomPcb[]) => {
    if (dirty && !(await saveNow())) return;
    try {
      const result = await runPreview.mutateAsync({ id: detail.id, samples: samplesOf(next) });
      setPreview(result);
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  const nextVersion = (currentVersion ?? 0) + 1;
  /** The preview runs first: its warnings (a price of ¥0, or under half) sit in the question. */
  const confirmPublish = async () => {
    if (currentVersion === null) return;
    let checked: PreviewResult;
    setChecking(true);
    try {
      checked = await runPreview.mutateAsync({ id: detail.id, samples: samplesOf(samples) });
    } catch (error) {
      void message.error((error as Error).message);
      return;
    } finally {
      setChecking(false);
    }
    setPreview(checked);
    if (checked.problems.length > 0) {
      void message.error('草稿有问题，请按预览中的提示修改后再发布');
      return;
    }
    const warned = checked.warnings.length > 0;
    modal.confirm({
      title: `发布为版本 ${nextVersion}？`,
      width: warned ? 560 : undefined,
      content: (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <PriceWarnings warnings={checked.warnings} />
          {`发布后，新的报价与订单按版本 ${nextVersion} 计价，版本 ${currentVersion} 停用。已下的订单不受影响。`}
        </Space>
      ),
      okText: warned ? `仍然发布版本 ${nextVersion}` : `发布版本 ${nextVersion}`,
      okButtonProps: { danger: warned },
      onOk: () =>
        publish.mutateAsync({ id: detail.id, expectedCurrentVersion: currentVersion }).then(
          (published) => {
            void message.success(`已发布版本 ${published.version ?? nextVersion}`);
            onLeave();
          },
          (error: Error) => {
            void message.error(error.message);
            // Another version was published meanwhile: show it, so the next try names the truth.
            if (error instanceof ApiError && error.status === 409) {
              void invalidateEndpoints([StaffPriceSheet.List, StaffPriceSheet.Get]);
            }
          },
        ),
    });
  };

  const confirmDiscard = () =>
    modal.confirm({
      title: '放弃这份草稿？',
      content: '草稿中的全部修改将被删除，生效中的价格表不受影响。',
      okText: '放弃草稿',
      okButtonProps: { danger: true },
      onOk: () =>
        discard.mutateAsync({ id: detail.id }).then(
          () => {
            void message.success('草稿已放弃');
            onLeave();
          },
          (error: Error) => void message.error(error.message),
        ),
    });

  const undo = () => {
    store.set({ sheet: saved });
    setSheet(saved);
    setNote(savedNote);
    setTyping(new Map());
    setServerProblem(null);
    setRevision((r) => r + 1);
  };

  // A problem with no field on screen (a missing part of the sheet) is listed above the tables.
  const shownPaths = useMemo(() => fieldPaths(tabs), [tabs]);
  const unshown = [...problems].filter(([path]) => !shownPaths.has(path));

  return (
    <SheetEditingContext.Provider value={editing}>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Flex wrap justify="space-between" gap={8} role="toolbar" aria-label="草稿操作">
          <Space wrap>
            {dirty ? (
              <Badge status="warning" text="有未保存的修改" data-testid="draft-dirty" />
            ) : (
              <Badge status="success" text="已保存" />
            )}
            {blocked && <Typography.Text type="danger">有 {problems.size} 处问题</Typography.Text>}
          </Space>
          <Space wrap>
            <Button onClick={undo} disabled={!dirty}>
              撤销修改
            </Button>
            <Button
              type="primary"
              onClick={() => void onSave()}
              loading={save.isPending}
              disabled={!dirty || blocked}
            >
              保存
            </Button>
            <Button
              onClick={() => void previewWith(samples)}
              loading={runPreview.isPending}
              disabled={blocked}
            >
              预览
            </Button>
            <Tooltip title={dirty ? '请先保存修改' : undefined}>
              <Button
                type="primary"
                ghost
                onClick={() => void confirmPublish()}
                loading={checking}
                disabled={dirty || blocked || currentVersion === null}
              >
                发布
              </Button>
            </Tooltip>
            <Button danger onClick={confirmDiscard}>
              放弃草稿
            </Button>
          </Space>
        </Flex>
        <Input.TextArea
          aria-label="修改说明"
          placeholder="修改说明（发布后显示在历史中），如：2层10×10套餐降价"
          maxLength={200}
          showCount
          autoSize={{ minRows: 1, maxRows: 3 }}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
        {unshown.length > 0 && (
          <Alert
            type="error"
            showIcon
            title="价格表有问题"
            description={unshown.map(([path, text]) => `${path || '价格表'}：${text}`).join('；')}
          />
        )}
        <SheetView tabs={tabs} />
        <Divider titlePlacement="start">
          预览报价（草稿 对比 生效中的版本 {currentVersion ?? '—'}）
        </Divider>
        <PreviewPanel
          result={preview}
          loading={runPreview.isPending}
          samples={samples}
          onAddSample={(sample) => {
            const next = [...samples, sample];
            setSamples(next);
            void previewWith(next);
          }}
          onRemoveSample={(index) => {
            const next = samples.filter((_, i) => i !== index);
            setSamples(next);
            if (preview) void previewWith(next);
          }}
        />
      </Space>
    </SheetEditingContext.Provider>
  );
}
