import { DatePicker, Form, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { StaffOrder, type StaffOrderDetail } from '@pcb/contract/staff-order';
import { useSchemaForm } from '../../../../components/form/use-schema-form';
import { formatTime, toInstant } from '../../../../lib/date';
import { useRecordOrderStep } from '../../api/record-order-step';
import { ActionFormModal } from './action-form-modal';

const schema = StaffOrder.RecordStep.input.pick({ doneAt: true });
const asInstant = (value: unknown) => (dayjs.isDayjs(value) ? toInstant(value) : undefined);

interface Values {
  doneAt: Dayjs | null;
}

/** 登记生产工序: the next step of the kind's sequence (steps are recorded in order, each once). */
export function RecordStepModal({
  detail,
  onClose,
}: {
  detail: StaffOrderDetail;
  onClose: () => void;
}) {
  const record = useRecordOrderStep();
  const schemaForm = useSchemaForm<typeof schema, Values>(schema);
  const { item } = schemaForm;
  const steps = detail.productionSteps;
  const index = steps.findIndex((s) => s.doneAt === null);
  const next = steps[index];
  const previous = index > 0 ? steps[index - 1] : undefined;

  return (
    <ActionFormModal<Values, Parameters<typeof record.mutateAsync>[0]>
      title={`登记生产工序：${detail.orderNo}`}
      okText="登记"
      schemaForm={schemaForm}
      mutation={record}
      toInput={({ doneAt }) =>
        next ? { id: detail.id, step: next.step, doneAt: asInstant(doneAt) ?? '' } : null
      }
      success={`已登记工序「${next?.name ?? ''}」`}
      onClose={onClose}
      initialValues={{ doneAt: dayjs().startOf('minute') }}
    >
      <Form.Item label="工序">
        <Typography.Text strong data-testid="next-step">
          {next ? `${index + 1}/${steps.length} ${next.name}` : '全部工序已登记'}
        </Typography.Text>
        {next?.step === 'packing' && (
          <div>
            <Typography.Text type="secondary">
              包装后会员不能再修改收货地址，订单可以发货
            </Typography.Text>
          </div>
        )}
      </Form.Item>
      <Form.Item
        {...item('doneAt', { toWire: asInstant })}
        extra={
          previous?.doneAt
            ? `上一道「${previous.name}」完成于 ${formatTime(previous.doneAt)}`
            : undefined
        }
      >
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          disabledDate={(day) => day.isAfter(dayjs(), 'day')}
          style={{ width: '100%' }}
        />
      </Form.Item>
    </ActionFormModal>
  );
}
