import { useRef, useState } from 'react';
import { App, Form, Input, Radio, Typography } from 'antd';
import type { Balances } from '@pcb/contract/member-advance-payment';
import { ADJUSTMENT_MAX, StaffLedger } from '@pcb/contract/staff-ledger';
import { FormModal } from '../../../components/form/form-modal';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { formatYuan } from '../../../lib/money';
import { useAdjustBalance } from '../api/adjust-balance';
import { newRequestId } from '../request-id';
import { parseSignedYuan } from '../signed-yuan';

const schema = StaffLedger.Adjust.input.pick({ account: true, amount: true, reason: true });

interface Values {
  account: 'balance' | 'gift';
  /** Yuan as typed, signed: `100`, `-25.50`. */
  amount: string;
  reason: string;
}

const accountNames: Record<Values['account'], string> = { balance: '余额', gift: '赠送金额' };

/** Fen from the box, or why it is no adjustment. */
function amountOf(text: string | undefined): { fen: number } | { error: string } {
  const fen = parseSignedYuan(text ?? '');
  if (fen === null) return { error: '请输入金额，如 100 或 -25.50（最多两位小数）' };
  if (fen === 0) return { error: '调整金额不能为0' };
  if (Math.abs(fen) > ADJUSTMENT_MAX)
    return { error: `单笔调整不能超过${formatYuan(ADJUSTMENT_MAX)}` };
  return { fen };
}

/**
 * 调整: a member's balance or gift balance moved by a signed amount of yuan (read exactly into
 * fen), with the reason the member reads in their message. The request id is made once when the
 * dialog opens: a double click or a retry after a lost answer adjusts once (decision 0054).
 */
export function AdjustModal({
  memberId,
  memberName,
  balances,
  onClose,
}: {
  memberId: number;
  memberName: string;
  balances: Balances;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [requestId] = useState(newRequestId);
  const adjust = useAdjustBalance();
  const { form, item, refuse } = useSchemaForm<typeof schema, Values>(schema);
  const account = Form.useWatch('account', form) ?? 'balance';
  const typed = amountOf(Form.useWatch('amount', form));
  const current = account === 'gift' ? balances.giftBalance : balances.balance;

  // A second press while the first is on its way sends nothing; were it sent (another tab, a
  // retry), the same request id would still adjust once.
  const sending = useRef(false);
  const submit = async (values: Values) => {
    const amount = amountOf(values.amount);
    if ('error' in amount || sending.current) return;
    sending.current = true;
    try {
      await adjust.mutateAsync({
        memberId,
        account: values.account,
        amount: amount.fen,
        reason: values.reason.trim(),
        requestId,
      });
    } finally {
      sending.current = false;
    }
    void message.success(`已调整${accountNames[values.account]}，会员将收到站内信`);
    onClose();
  };

  return (
    <FormModal<Values>
      title={`调整余额：${memberName}`}
      okText="确认调整"
      pending={adjust.isPending}
      form={form}
      refuse={refuse}
      onSubmit={submit}
      onClose={onClose}
      initialValues={{ account: 'balance' }}
    >
      <Form.Item {...item('account')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'balance', label: `余额（${formatYuan(balances.balance)}）` },
            { value: 'gift', label: `赠送金额（${formatYuan(balances.giftBalance)}）` },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="amount"
        label="调整金额"
        required
        extra="正数增加，负数扣减（不能扣成负数）"
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              const result = amountOf(value);
              if ('error' in result) throw new Error(result.error);
            },
          },
        ]}
      >
        <Input prefix="¥" placeholder="如 100 或 -25.50" inputMode="decimal" autoFocus />
      </Form.Item>
      <Form.Item label={`调整后${accountNames[account]}`}>
        <Typography.Text strong data-testid="adjust-after">
          {'fen' in typed ? formatYuan(current + typed.fen) : '—'}
        </Typography.Text>
        {'fen' in typed && current + typed.fen < 0 && (
          <Typography.Text type="danger" style={{ marginLeft: 8 }}>
            扣减超过当前{accountNames[account]}
          </Typography.Text>
        )}
      </Form.Item>
      <Form.Item {...item('reason')}>
        <Input.TextArea rows={3} maxLength={200} showCount placeholder="会员会在站内信中看到原因" />
      </Form.Item>
    </FormModal>
  );
}
