import { DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { StaffOrder, type StaffOrderDetail } from '@pcb/contract/staff-order';
import { useSchemaForm } from '../../../../components/form/use-schema-form';
import { toInstant } from '../../../../lib/date';
import { useAddParcelEvent } from '../../api/add-parcel-event';
import { ActionFormModal } from './action-form-modal';

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
  const add = useAddParcelEvent();
  const schemaForm = useSchemaForm<typeof schema, Values>(schema);
  const { item } = schemaForm;
  const parcel = detail.parcels.find((p) => p.id === parcelId);

  return (
    <ActionFormModal<Values, Parameters<typeof add.mutateAsync>[0]>
      title={`添加物流记录：${parcel ? `${parcel.courierName} ${parcel.trackingNo}` : detail.orderNo}`}
      okText="添加"
      schemaForm={schemaForm}
      mutation={add}
      toInput={(values) => ({
        parcelId,
        at: asInstant(values.at) ?? '',
        place: values.place.trim(),
        text: values.text.trim(),
      })}
      success="物流记录已添加"
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
    </ActionFormModal>
  );
}
