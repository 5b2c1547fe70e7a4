import { App, Alert, Descriptions, Form, Input, InputNumber, Typography } from 'antd';
import { StaffBankTransfer, type BankTransfer } from '@pcb/contract/staff-bank-transfer';
import { FormModal } from '../../../components/form/form-modal';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { formatYuan } from '../../../lib/money';
import { useAssignBankTransfer } from '../api/assign-bank-transfer';
import { useMemberToCredit } from '../api/get-member';

const schema = StaffBankTransfer.Assign.input.omit({ id: true });

interface Values {
  memberId: number | null;
  reason: string;
}

/** Whom the typed ID names: their name and company, or why there is nobody to show. */
function MemberPreview({ id }: { id: number | null }) {
  const member = useMemberToCredit(id);
  if (id === null) return null;
  if (member.isError) return <Typography.Text type="danger">没有这个会员</Typography.Text>;
  if (!member.data) return <Typography.Text type="secondary">查找会员…</Typography.Text>;
  const m = member.data;
  return (
    <Typography.Text data-testid="assign-member">
      {[m.realNameMasked ?? m.userName ?? m.mobileMasked, m.companyName, m.mobileMasked]
        .filter(Boolean)
        .join(' · ')}
    </Typography.Text>
  );
}

/**
 * 指定会员: an unmatched transfer credited to the member finance names (after asking the payer,
 * say), with the reason, audited. The transfer's facts are shown, the member is confirmed by
 * name before it is sent.
 */
export function AssignTransferModal({
  transfer,
  onClose,
}: {
  transfer: BankTransfer;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const assign = useAssignBankTransfer();
  const { form, item, refuse } = useSchemaForm<typeof schema, Values>(schema);
  const memberId = Form.useWatch('memberId', form) ?? null;
  const validId = typeof memberId === 'number' && Number.isInteger(memberId) && memberId > 0;

  const submit = async (values: Values) => {
    await assign.mutateAsync({
      id: transfer.id,
      memberId: values.memberId!,
      reason: values.reason.trim(),
    });
    void message.success(`已将${formatYuan(transfer.amount)}计入会员#${values.memberId}的余额`);
    onClose();
  };

  return (
    <FormModal<Values>
      title="指定会员并入账"
      okText="确认入账"
      pending={assign.isPending}
      form={form}
      refuse={refuse}
      onSubmit={submit}
      onClose={onClose}
    >
      <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="流水号">{transfer.bankReference}</Descriptions.Item>
        <Descriptions.Item label="金额">{formatYuan(transfer.amount)}</Descriptions.Item>
        <Descriptions.Item label="付款户名">{transfer.payerName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="收款账号">{transfer.accountNo}</Descriptions.Item>
      </Descriptions>
      {transfer.unmatchedReason && (
        <Alert
          type="warning"
          showIcon
          title={transfer.unmatchedReason}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form.Item {...item('memberId')} extra={<MemberPreview id={validId ? memberId : null} />}>
        <InputNumber min={1} precision={0} style={{ width: '100%' }} placeholder="会员ID" />
      </Form.Item>
      <Form.Item {...item('reason')}>
        <Input.TextArea
          rows={3}
          maxLength={200}
          showCount
          placeholder="例如：付款人来电确认，为该会员的货款"
        />
      </Form.Item>
    </FormModal>
  );
}
