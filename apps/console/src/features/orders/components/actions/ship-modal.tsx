import { Button, DatePicker, Flex, Form, Input, Select, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import type { z } from 'zod';
import { courierLabels, couriers, type Courier } from '@pcb/pricing';
import { StaffOrder, type StaffOrderDetail } from '@pcb/contract/staff-order';
import { useSchemaForm } from '../../../../components/form/use-schema-form';
import { toInstant } from '../../../../lib/date';
import { useShipOrder } from '../../api/ship-order';
import { courierCodeOf } from '../../order-labels';
import { ActionFormModal } from './action-form-modal';
import { StatusMove } from './status-move';

const schema = StaffOrder.Ship.input.omit({ id: true });
const parcelShape = schema.shape.parcels.element.shape;
const MAX_PARCELS = 10;
const asInstant = (value: unknown) => (dayjs.isDayjs(value) ? toInstant(value) : undefined);

/** A list entry's rule from the contract's own field schema. */
const ruleOf = (field: z.ZodType) => ({
  validator: async (_rule: unknown, value: unknown) => {
    const result = field.safeParse(value);
    if (!result.success) throw new Error(result.error.issues[0]?.message ?? '格式不正确');
  },
});

interface Values {
  parcels: { courier?: Courier; trackingNo?: string }[];
  shippedAt: Dayjs | null;
}

/**
 * 发货 in one or more parcels, each with its courier (the pricing package's couriers, the
 * order's own first) and tracking number. The order must be packed.
 */
export function ShipModal({ detail, onClose }: { detail: StaffOrderDetail; onClose: () => void }) {
  const ship = useShipOrder();
  const schemaForm = useSchemaForm<typeof schema, Values>(schema);
  const { item } = schemaForm;
  const courier = courierCodeOf(detail.courier);

  return (
    <ActionFormModal<Values, Parameters<typeof ship.mutateAsync>[0]>
      title={`发货：${detail.orderNo}`}
      okText="确认发货"
      width={600}
      schemaForm={schemaForm}
      mutation={ship}
      toInput={(values) => ({
        id: detail.id,
        parcels: values.parcels.map((p) => ({
          courier: p.courier as Courier,
          trackingNo: (p.trackingNo ?? '').trim(),
        })),
        shippedAt: asInstant(values.shippedAt) ?? '',
      })}
      success={(values) => `已发货（${values.parcels.length}个包裹），会员将收到通知`}
      onClose={onClose}
      initialValues={{ parcels: [{ courier }], shippedAt: dayjs().startOf('minute') }}
    >
      <StatusMove action="ship" from={detail.status} extra="会员将收到发货通知" />
      <Typography.Paragraph type="secondary">
        会员选择的快递：{courierLabels[courier as Courier] ?? detail.courier}
        。完整收货地址请在「收货与开票」中查看（记入审计日志）。
      </Typography.Paragraph>
      <Form.List
        name="parcels"
        rules={[
          {
            validator: async (_rule, value?: unknown[]) => {
              if (!value || value.length === 0) throw new Error('请填写包裹');
            },
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <>
            {fields.map((field, index) => (
              <Flex
                key={field.key}
                gap={8}
                align="start"
                role="group"
                aria-label={`包裹 ${index + 1}`}
              >
                <Form.Item
                  name={[field.name, 'courier']}
                  label={index === 0 ? '快递' : undefined}
                  rules={[ruleOf(parcelShape.courier)]}
                  style={{ width: 140 }}
                >
                  <Select
                    aria-label={`包裹 ${index + 1} 快递`}
                    placeholder="快递"
                    options={couriers.map((c) => ({ value: c, label: courierLabels[c] }))}
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'trackingNo']}
                  label={index === 0 ? '快递单号' : undefined}
                  rules={[ruleOf(parcelShape.trackingNo)]}
                  style={{ flex: 1 }}
                >
                  <Input
                    aria-label={`包裹 ${index + 1} 快递单号`}
                    maxLength={40}
                    placeholder="快递单号"
                  />
                </Form.Item>
                {fields.length > 1 && (
                  <Button
                    aria-label={`删除包裹 ${index + 1}`}
                    icon={<DeleteOutlined />}
                    onClick={() => remove(field.name)}
                    style={{ marginTop: index === 0 ? 30 : 0 }}
                  />
                )}
              </Flex>
            ))}
            <Form.Item>
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={fields.length >= MAX_PARCELS}
                onClick={() => add({ courier })}
                block
              >
                添加包裹
              </Button>
              <Form.ErrorList errors={errors} />
            </Form.Item>
          </>
        )}
      </Form.List>
      <Form.Item {...item('shippedAt', { toWire: asInstant })}>
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
