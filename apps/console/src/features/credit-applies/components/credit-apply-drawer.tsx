import { useState } from 'react';
import { Form, InputNumber, Typography } from 'antd';
import { BILLING_DAY_MAX } from '@pcb/contract/member-credit-payment';
import { ReviewDrawer } from '../../../components/review-queue/review-drawer';
import { formatYuan } from '../../../lib/money';
import { useApproveCreditApply, useCreditApply, useRejectCreditApply } from '../api/credit-applies';

const REJECT_PRESETS = [
  '合作时间较短，暂不开通月结，建议先使用余额支付',
  '申请金额与历史订单不符，请调整后重新申请',
  '企业资料不完整，请补充后重新申请',
];

/** One credit application: what is asked; approve with a limit and a billing day, or reject. */
export function CreditApplyDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const apply = useCreditApply(id);
  const approve = useApproveCreditApply();
  const reject = useRejectCreditApply();
  const [limitYuan, setLimitYuan] = useState<number | null>(null);
  const [billingDay, setBillingDay] = useState<number>(1);
  const limitOf = (expected: number) => Math.round((limitYuan ?? expected / 100) * 100);

  return (
    <ReviewDrawer
      id={id}
      onClose={onClose}
      title="月结申请"
      size={560}
      query={apply}
      asked={(detail) => [
        { label: '企业名称', value: detail.companyName },
        { label: '联系人', value: `${detail.contactName} ${detail.contactPhone}` },
        { label: '预计月结金额', value: formatYuan(detail.expectedMonthly) },
        { label: '备注', value: detail.remark ?? '—' },
        ...(detail.limit !== null
          ? [
              { label: '月结额度', value: formatYuan(detail.limit) },
              { label: '账单日', value: `每月${detail.billingDay}日` },
            ]
          : []),
      ]}
      approve={{
        mutateAsync: ({ id: applyId }) =>
          approve.mutateAsync({
            id: applyId,
            limit: limitOf(apply.data?.expectedMonthly ?? 0),
            billingDay,
          }),
        isPending: approve.isPending,
        confirmTitle: '通过月结申请？',
        confirmContent: (detail) =>
          `会员「${detail.member.displayName}」开通月结：额度${formatYuan(limitOf(detail.expectedMonthly))}，每月${billingDay}日出账。`,
        success: '已通过，月结额度已开通',
      }}
      reject={{
        mutateAsync: reject.mutateAsync,
        isPending: reject.isPending,
        title: '驳回月结申请',
        presets: REJECT_PRESETS,
        placeholder: '例如：请补充近三个月的订单流水',
      }}
    >
      {(detail) =>
        detail.status === 'pending' ? (
          <div>
            <Typography.Title level={5}>审批额度</Typography.Title>
            <Form layout="vertical">
              <Form.Item label="月结额度（元）" required>
                <InputNumber
                  min={1}
                  max={10_000_000}
                  precision={2}
                  style={{ width: '100%' }}
                  value={limitYuan ?? detail.expectedMonthly / 100}
                  onChange={(v) => setLimitYuan(v)}
                  data-testid="credit-limit-input"
                />
              </Form.Item>
              <Form.Item label="账单日（每月）" required>
                <InputNumber
                  min={1}
                  max={BILLING_DAY_MAX}
                  precision={0}
                  style={{ width: '100%' }}
                  value={billingDay}
                  onChange={(v) => setBillingDay(v ?? 1)}
                  data-testid="credit-billing-day-input"
                />
              </Form.Item>
            </Form>
          </div>
        ) : null
      }
    </ReviewDrawer>
  );
}
