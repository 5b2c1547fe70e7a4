import { App, DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { StaffOrder, type StaffOrderDetail } from '@pcb/contract/staff-order';
import { FormModal } from '../../../../components/form/form-modal';
import { useSchemaForm } from '../../../../components/form/use-schema-form';
import { toInstant } from '../../../../lib/date';
import { useAddParcelEvent } from '../../api/add-parcel-event';
import { refreshOnConflict } from '../../api/desk-queries';

const schema = StaffOrder.AddParcelEvent.input.omit({ parcelId: true });
const asInstant = (value: unknown) => (dayjs.isDayjs(value) ? toInstant(value) : undefined);

interface Values {
  at: Dayjs | null;
  place: string;
  text: string;
}

/** 添加物流记录 of one parcel: when, where, what (the member's tracking shows it). */
export function ParcelEventModal({
  detail,
  parcelId,
  onClose,
}: {
  detail: StaffOrderDetail;
  parcelId: number;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const add = useAddParcelEvent();
  const { form, item, refuse } = useSchemaForm<typeof schema, Values>(schema);
  const parcel = detail.parcels.find((p) => p.id === parcelId);

  const submit = async (values: Values) => {
    await add.mutateAsync({
      parcelId,
      at: asInstant(values.at) ?? '',
      place: values.place.trim(),
      text: values.text.trim(),
    });
    void message.success('物流记录已添加');
    onClose();
  };

  return (
    <FormModal<Values>
      title={`添加物流记录：${parcel ? `${parcel.courierName} ${parcel.trackingNo}` : detail.orderNo}`}
      okText="添加"
      pending={add.isPending}
      form={form}
      refuse={(error) => {
        refreshOnConflict(error);
        refuse(error);
      }}
      onSubmit={submit}
      onClose={onClose}
      initialValues={{ at: dayjs().startOf('minute') }}
    >
      <Form.Item {...item('at', { toWire: asInstant })}>
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          disabledDate={(day) => day.isAfter(dayjs(), 'day')}
          style={{ width: '100%' }}
        />
      </Form.Item>
      <Form.Item {...item('place')}>
        <Input maxLength={60} placeholder="如：深圳转运中心" autoFocus />
      </Form.Item>
      <Form.Item {...item('text')}>
        <Input maxLength={200} placeholder="如：快件已发往南宁" />
      </Form.Item>
    </FormModal>
  );
}
