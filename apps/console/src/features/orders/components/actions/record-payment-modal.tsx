import { DatePicker, Form, Input, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { StaffOrder, type StaffOrderDetail } from '@pcb/contract/staff-order';
import { useSchemaForm } from '../../../../components/form/use-schema-form';
import { toInstant } from '../../../../lib/date';
import { formatYuan } from '../../../../lib/money';
import { useRecordOrderPayment } from '../../api/record-order-payment';
import { ActionFormModal } from './action-form-modal';
import { StatusMove } from './status-move';

const schema = StaffOrder.RecordPayment.input.omit({ id: true, amount: true });

interface Values {
  bankReference: string;
  payerName: string;
  receivedAt: Dayjs | null;
  note?: string;
}

const asInstant = (value: unknown) => (dayjs.isDayjs(value) ? toInstant(value) : undefined);

/**
 * 登记线下付款: a company transfer received. The amount is the order's total (the server takes
 * no other), shown, not typed; the bank reference credits one order only.
 */
export function RecordPaymentModal({
  detail,
  onClose,
}: {
  detail: StaffOrderDetail;
  onClose: () => void;
}) {
  const record = useRecordOrderPayment();
  const schemaForm = useSchemaForm<typeof schema, Values>(schema);
  const { item } = schemaForm;

  return (
    <ActionFormModal<Values, Parameters<typeof record.mutateAsync>[0]>
      title={`登记线下付款：${detail.orderNo}`}
      okText="登记付款"
      schemaForm={schemaForm}
      mutation={record}
      toInput={(values) => ({
        id: detail.id,
        amount: detail.total,
        bankReference: values.bankReference.trim(),
        payerName: values.payerName.trim(),
        receivedAt: asInstant(values.receivedAt) ?? '',
        note: values.note?.trim() || undefined,
      })}
      success="付款已登记，订单进入生产"
      onClose={onClose}
      initialValues={{ receivedAt: dayjs().startOf('minute') }}
    >
      <StatusMove action="recordPayment" from={detail.status} extra="会员将收到通知" />
      <Form.Item label="到账金额" extra="须与订单应付金额一致">
        <Typography.Text strong data-testid="payment-amount">
          {formatYuan(detail.total)}
        </Typography.Text>
      </Form.Item>
      <Form.Item {...item('bankReference')}>
        <Input maxLength={64} placeholder="银行回单上的流水号" autoFocus />
      </Form.Item>
      <Form.Item {...item('payerName')}>
        <Input maxLength={100} placeholder="付款账户的户名" />
      </Form.Item>
      <Form.Item {...item('receivedAt', { toWire: asInstant })}>
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          disabledDate={(day) => day.isAfter(dayjs(), 'day')}
          style={{ width: '100%' }}
        />
      </Form.Item>
      <Form.Item {...item('note')} extra="选填">
        <Input.TextArea rows={2} maxLength={200} />
      </Form.Item>
    </ActionFormModal>
  );
}
