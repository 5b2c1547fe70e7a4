import { useState } from 'react';
import { App, DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { StaffBankTransfer, TRANSFER_AMOUNT_MAX } from '@pcb/contract/staff-bank-transfer';
import { FormModal } from '../../../components/form/form-modal';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { formatYuan, parseYuan } from '../../../lib/money';
import { useRecordBankTransfer } from '../api/record-bank-transfer';
import { newRequestId } from '../request-id';

const schema = StaffBankTransfer.Record.input.omit({ amount: true, requestId: true });

interface Values {
  accountNo: string;
  amount: string;
  bankReference: string;
  payerName: string;
  payerAccount?: string;
  valueDate: Dayjs | null;
  note?: string;
}

const asDay = (value: unknown) => (dayjs.isDayjs(value) ? value.format('YYYY-MM-DD') : undefined);

/** Why a typed amount of yuan is not one, or null. */
function amountProblem(value: unknown): string | null {
  const fen = typeof value === 'string' && value.trim() !== '' ? parseYuan(value) : null;
  if (typeof value !== 'string' || value.trim() === '') return '请输入到账金额';
  if (fen === null) return '请输入金额（元），最多两位小数';
  if (fen < 1) return '金额须大于0';
  if (fen > TRANSFER_AMOUNT_MAX) return `单笔金额不能超过${formatYuan(TRANSFER_AMOUNT_MAX)}`;
  return null;
}

/**
 * 登记转账: one transfer typed from the bank's receipt. Its receiving account (a member's
 * virtual account) decides whose balance it goes to; the same account and reference are
 * recorded once. One request id per dialog, so a retried submit is the first one.
 */
export function RecordTransferModal({ onClose }: { onClose: () => void }) {
  const { message } = App.useApp();
  const record = useRecordBankTransfer();
  const [requestId] = useState(newRequestId);
  const { form, item, refuse } = useSchemaForm<typeof schema, Values>(schema);

  const submit = async (values: Values) => {
    const result = await record.mutateAsync({
      accountNo: values.accountNo.trim(),
      amount: parseYuan(values.amount)!,
      bankReference: values.bankReference.trim(),
      payerName: values.payerName.trim(),
      payerAccount: values.payerAccount?.trim() || undefined,
      valueDate: asDay(values.valueDate) ?? '',
      note: values.note?.trim() || undefined,
      requestId,
    });
    if (result.state === 'credited') void message.success(`已计入会员#${result.memberId}的余额`);
    else void message.warning(`已登记，未入账：${result.unmatchedReason ?? '未匹配到会员'}`);
    onClose();
  };

  return (
    <FormModal<Values>
      title="登记转账"
      okText="登记并入账"
      pending={record.isPending}
      form={form}
      refuse={refuse}
      onSubmit={submit}
      onClose={onClose}
      initialValues={{ valueDate: dayjs() }}
    >
      <Form.Item {...item('accountNo')} extra="会员的虚拟账户账号，按它匹配会员">
        <Input maxLength={32} inputMode="numeric" placeholder="8到32位数字" autoFocus />
      </Form.Item>
      <Form.Item
        name="amount"
        label="到账金额"
        required
        rules={[
          {
            validator: async (_rule, value) => {
              const problem = amountProblem(value);
              if (problem) throw new Error(problem);
            },
          },
        ]}
      >
        <Input inputMode="decimal" suffix="元" placeholder="例如 1,234.50" />
      </Form.Item>
      <Form.Item {...item('bankReference')}>
        <Input maxLength={64} placeholder="银行回单上的流水号或交易参考号" />
      </Form.Item>
      <Form.Item {...item('payerName')}>
        <Input maxLength={100} placeholder="付款账户的户名" />
      </Form.Item>
      <Form.Item {...item('payerAccount')} extra="选填">
        <Input maxLength={40} inputMode="numeric" />
      </Form.Item>
      <Form.Item {...item('valueDate', { toWire: asDay })}>
        <DatePicker
          format="YYYY-MM-DD"
          disabledDate={(day) => day.isAfter(dayjs(), 'day')}
          style={{ width: '100%' }}
        />
      </Form.Item>
      <Form.Item {...item('note')} extra="选填">
        <Input.TextArea rows={2} maxLength={200} />
      </Form.Item>
    </FormModal>
  );
}
