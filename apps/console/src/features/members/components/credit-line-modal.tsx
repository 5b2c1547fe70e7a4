import { Alert, Form, Input, InputNumber, Typography } from 'antd';
import {
  BILLING_DAY_MAX,
  StaffCreditPayment,
  type CreditAccount,
} from '@pcb/contract/member-credit-payment';
import { FormModal } from '../../../components/form/form-modal';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { formatYuan } from '../../../lib/money';
import { App } from 'antd';
import { useChangeCreditLine, useSuspendCredit } from '../api/credit-line';

/** The form's yuan as the wire's fen. */
const toFen = (value: unknown) =>
  typeof value === 'number' ? Math.round(value * 100) : value === null ? undefined : value;

interface LineValues {
  limit: number;
  billingDay: number;
  reason: string;
}

/**
 * 调整额度: the limit (yuan) and the billing day of an approved line, with the reason the audit
 * keeps. A limit below what is in use is allowed; the form says what it means first.
 */
export function CreditLineModal({
  memberId,
  account,
  onClose,
}: {
  memberId: number;
  account: CreditAccount;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const change = useChangeCreditLine();
  const { form, item, refuse } = useSchemaForm(StaffCreditPayment.ChangeLine.input);
  const limitYuan = Form.useWatch('limit', form) as number | null | undefined;
  const newLimit = typeof limitYuan === 'number' ? Math.round(limitYuan * 100) : null;
  const below = newLimit !== null && newLimit < account.used;

  const submit = async (values: LineValues) => {
    const result = await change.mutateAsync({
      memberId,
      limit: Math.round(values.limit * 100),
      billingDay: values.billingDay,
      reason: values.reason,
    });
    void message.success(
      result.overLimit > 0
        ? `已调整，已用额度超出新额度 ${formatYuan(result.overLimit)}，还款前不能月结付款`
        : '已调整月结额度',
    );
    onClose();
  };

  return (
    <FormModal<LineValues>
      title="调整月结额度"
      okText="保存"
      pending={change.isPending}
      form={form as never}
      refuse={refuse}
      onSubmit={submit}
      onClose={onClose}
      initialValues={{ limit: account.limit / 100, billingDay: account.billingDay ?? 1 }}
    >
      <Typography.Paragraph type="secondary">
        当前额度 {formatYuan(account.limit)}，已用 {formatYuan(account.used)}，可用{' '}
        {formatYuan(account.available)}。
      </Typography.Paragraph>
      <Form.Item {...item('limit', { toWire: toFen, label: '月结额度（元）' })}>
        <InputNumber
          min={1}
          max={10_000_000}
          precision={2}
          style={{ width: '100%' }}
          data-testid="credit-line-limit"
        />
      </Form.Item>
      {below && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="credit-line-below"
          title={`新额度低于已用额度 ${formatYuan(account.used)}`}
          description="可以保存：保存后该会员的月结付款将被拒绝，直到还款使已用额度回到新额度以内。"
        />
      )}
      <Form.Item {...item('billingDay', { label: '账单日（每月）' })}>
        <InputNumber min={1} max={BILLING_DAY_MAX} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item {...item('reason')}>
        <Input.TextArea rows={2} maxLength={200} showCount placeholder="将记入审计日志" />
      </Form.Item>
    </FormModal>
  );
}

/** 暂停月结: credit payments stop, the member reads the reason. */
export function CreditSuspendModal({
  memberId,
  onClose,
}: {
  memberId: number;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const suspend = useSuspendCredit();
  const { form, item, refuse } = useSchemaForm(StaffCreditPayment.Suspend.input);
  return (
    <FormModal<{ reason: string }>
      title="暂停月结付款"
      okText="暂停"
      danger
      pending={suspend.isPending}
      form={form as never}
      refuse={refuse}
      onSubmit={async ({ reason }) => {
        await suspend.mutateAsync({ memberId, reason });
        void message.success('已暂停该会员的月结付款');
        onClose();
      }}
      onClose={onClose}
    >
      <Typography.Paragraph type="warning">
        暂停后会员不能用月结付款（仍可还款），会员在“我的月结”中看到下面的原因。
      </Typography.Paragraph>
      <Form.Item {...item('reason')}>
        <Input.TextArea rows={3} maxLength={200} showCount placeholder="例如：对账中，暂停三天" />
      </Form.Item>
    </FormModal>
  );
}
