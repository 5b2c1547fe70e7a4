import { Suspense, useState } from 'react';
import { Button, Popup } from 'antd-mobile';
import type { EditQuote, MemberOrderDetail } from '@pcb/contract';
import { ORDER_CHANGED_MESSAGE, PRICE_CHANGED_MESSAGE } from '@pcb/contract/order-quote';
import type { PcbParams } from '@pcb/pricing';
import { errorMessage, showSuccess } from '../../../components/feedback';
import { PageLoading } from '../../../components/page-status';
import { ApiError } from '@pcb/client';
import { paramsFromStored } from '../../../lib/order-info';
import { useCalcEditOrder, useEditOrder } from '../api/edit-order';
import { actionLabel } from '../order-actions';
import type { ParamEditor } from '../param-editor';
import { PriceDiffTable } from './price-diff-table';

/**
 * 修改订单 (PCB): the parameters first, then the new price beside the current one
 * (`CalcEditOrder`), then `EditOrder` at that price; the order goes back to 待审核. When the
 * price or the order changed meanwhile (409), the new price is shown again to confirm. Loaded
 * on the first 修改订单.
 */
export default function EditOrderSheet({
  order,
  visible,
  onClose,
  paramEditor: Editor,
}: {
  order: MemberOrderDetail;
  visible: boolean;
  onClose: () => void;
  paramEditor: ParamEditor;
}) {
  const [params, setParams] = useState<PcbParams>(() => paramsFromStored('pcb', order.params));
  const [valid, setValid] = useState(true);
  const [quote, setQuote] = useState<EditQuote | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const calc = useCalcEditOrder();
  const edit = useEditOrder();

  const close = () => {
    setQuote(null);
    setProblem(null);
    onClose();
  };

  const price = async () => {
    setProblem(null);
    try {
      setQuote(await calc.mutateAsync({ id: order.id, params }));
      return true;
    } catch (error) {
      setProblem(errorMessage(error, '计价失败，请稍后重试'));
      return false;
    }
  };

  const save = async () => {
    if (!quote) return;
    setProblem(null);
    try {
      await edit.mutateAsync({
        id: order.id,
        params,
        revision: quote.revision,
        sheetVersion: quote.quote.sheetVersion,
        expectedTotal: quote.quote.total,
      });
      showSuccess('订单已修改，等待重新审核');
      close();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // The price sheet or the order moved on: show the price as it is now, to confirm again.
        const message =
          error.message ||
          (error.field === 'revision' ? ORDER_CHANGED_MESSAGE : PRICE_CHANGED_MESSAGE);
        if (await price()) setProblem(message);
        return;
      }
      setProblem(errorMessage(error, '修改失败，请稍后重试'));
    }
  };

  return (
    <Popup
      visible={visible}
      onMaskClick={close}
      onClose={close}
      bodyClassName="ol-sheet ol-sheet-tall"
      destroyOnClose
    >
      <h2 className="ol-sheet-title">{actionLabel('edit')}</h2>
      <div className="ol-sheet-scroll" data-testid="edit-order">
        {quote ? (
          <>
            <p className="ol-param-string">{quote.quote.paramString}</p>
            <PriceDiffTable
              before={quote.current.lines}
              beforeTotal={quote.current.total}
              after={quote.quote.lines}
              afterTotal={quote.quote.total}
              beforeLabel="现价"
              afterLabel="修改后"
            />
            {quote.quote.shipDate && (
              <p className="ol-hint">
                交期{quote.quote.buildDays}天，预计{quote.quote.shipDate}发货（以审核后为准）
              </p>
            )}
            <p className="ol-hint">确认后订单回到待审核，工程师按新参数重新审核。</p>
          </>
        ) : (
          <Suspense fallback={<PageLoading />}>
            <Editor
              params={params}
              onChange={(next, ok) => {
                setParams(next);
                setValid(ok);
              }}
            />
          </Suspense>
        )}
        {problem && (
          <p className="ol-error" role="alert" data-testid="edit-order-problem">
            {problem}
          </p>
        )}
      </div>
      <div className="ol-sheet-actions">
        {quote ? (
          <>
            <Button shape="rounded" onClick={() => setQuote(null)}>
              返回修改
            </Button>
            <Button
              shape="rounded"
              color="primary"
              loading={edit.isPending || calc.isPending}
              onClick={() => void save()}
              data-testid="edit-order-save"
            >
              确认修改
            </Button>
          </>
        ) : (
          <>
            <Button shape="rounded" onClick={close}>
              取消
            </Button>
            <Button
              shape="rounded"
              color="primary"
              disabled={!valid}
              loading={calc.isPending}
              onClick={() => void price()}
              data-testid="edit-order-price"
            >
              计算新价格
            </Button>
          </>
        )}
      </div>
    </Popup>
  );
}
