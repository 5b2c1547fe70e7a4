import { useState } from 'react';
import { App, Button, Flex, Form, Input, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { StaffOrder, type StaffOrderDetail } from '@pcb/contract/staff-order';
import { useSchemaForm } from '../../../../components/form/use-schema-form';
import {
  fenToYuanText,
  formatPercentChange,
  formatYuan,
  formatYuanChange,
  parseYuan,
} from '../../../../lib/money';
import { useChangeOrderPrice } from '../../api/change-order-price';
import { ActionFormModal } from './action-form-modal';
import { freeCode, linesForTotal, parseSignedYuan, totalOf, type EditedLine } from './price-lines';
import { StatusMove } from './status-move';

const schema = StaffOrder.ChangePrice.input.pick({ reason: true });
const lineShape = StaffOrder.ChangePrice.input.shape.lines.element.shape;

interface Values {
  lines: EditedLine[];
  reason: string;
}

/**
 * 修改价格: the order's fee lines to edit (amounts, names, a discount as a negative line, lines
 * added or removed), or a new total reached by one 工程调整 line; old → new shown as it is
 * typed. The member must accept it (待确认).
 */
export function ChangePriceModal({
  detail,
  onClose,
}: {
  detail: StaffOrderDetail;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const change = useChangeOrderPrice();
  const schemaForm = useSchemaForm<typeof schema, Values>(schema);
  const { form, item } = schemaForm;
  const watched = Form.useWatch('lines', form) as EditedLine[] | undefined;
  const lines = watched ?? [];
  const newTotal = totalOf(lines);
  const [target, setTarget] = useState('');

  const applyTotal = () => {
    const fen = parseYuan(target);
    if (fen === null) {
      void message.error('请输入新的总价（元）');
      return;
    }
    const next = linesForTotal(form.getFieldValue('lines') as EditedLine[], fen);
    if (next) form.setFieldsValue({ lines: next });
    else void message.error('请先修正标红的金额');
  };

  const difference = newTotal === null ? null : newTotal - detail.total;
  const percent = newTotal === null ? null : formatPercentChange(detail.total, newTotal);

  return (
    <ActionFormModal<Values, Parameters<typeof change.mutateAsync>[0]>
      title={`修改价格：${detail.orderNo}`}
      okText="提交新价格"
      width={680}
      schemaForm={schemaForm}
      mutation={change}
      toInput={(values) => ({
        id: detail.id,
        lines: values.lines.map((l) => ({
          code: l.code,
          name: l.name.trim(),
          amount: parseSignedYuan(l.amount) ?? 0,
        })),
        reason: values.reason.trim(),
      })}
      success="价格已修改，等待会员确认"
      onClose={onClose}
      initialValues={{
        lines: detail.lines.map((l) => ({
          code: l.code,
          name: l.name,
          amount: fenToYuanText(l.amount),
        })),
      }}
    >
      <StatusMove action="changePrice" from={detail.status} extra="会员接受新价格后订单才继续" />
      <Flex
        justify="space-between"
        align="center"
        style={{ marginBottom: 12 }}
        data-testid="price-diff"
      >
        <span>
          <Typography.Text type="secondary">原价 </Typography.Text>
          {formatYuan(detail.total)}
          {' → '}
          <Typography.Text type="secondary">新价 </Typography.Text>
          <Typography.Text strong>{newTotal === null ? '—' : formatYuan(newTotal)}</Typography.Text>
          {difference !== null && difference !== 0 && (
            <Typography.Text type={difference > 0 ? 'danger' : 'success'}>
              {' '}
              （{formatYuanChange(difference)}
              {percent && `，${percent}`}）
            </Typography.Text>
          )}
        </span>
        <Space.Compact>
          <Input
            aria-label="新总价"
            prefix="¥"
            placeholder="新总价"
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            onPressEnter={(e) => {
              e.preventDefault();
              applyTotal();
            }}
            style={{ width: 130 }}
          />
          <Button onClick={applyTotal}>按总价调整</Button>
        </Space.Compact>
      </Flex>
      <Form.List
        name="lines"
        rules={[
          {
            validator: async (_rule, value?: EditedLine[]) => {
              if (!value || value.length === 0) throw new Error('请填写费用明细');
              const total = totalOf(value);
              if (total !== null && total < 0) throw new Error('调整后的总价不能为负');
              if (total === detail.total) throw new Error('新价格与现价相同');
            },
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <div role="group" aria-label="费用明细">
            {fields.map((field, index) => (
              <Flex key={field.key} gap={8} align="start">
                <Form.Item name={[field.name, 'code']} hidden>
                  <Input />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'name']}
                  style={{ flex: 1, marginBottom: 8 }}
                  rules={[
                    {
                      validator: async (_rule, value: unknown) => {
                        if (!lineShape.name.safeParse(value).success) {
                          throw new Error('请填写费用名称（30字以内）');
                        }
                      },
                    },
                  ]}
                >
                  <Input aria-label={`费用 ${index + 1} 名称`} maxLength={30} />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'amount']}
                  style={{ width: 160, marginBottom: 8 }}
                  rules={[
                    {
                      validator: async (_rule, value: unknown) => {
                        const fen = parseSignedYuan(typeof value === 'string' ? value : '');
                        if (fen === null || !lineShape.amount.safeParse(fen).success) {
                          throw new Error('请输入金额（元，最多两位小数；优惠填负数）');
                        }
                      },
                    },
                  ]}
                >
                  <Input aria-label={`费用 ${index + 1} 金额`} prefix="¥" />
                </Form.Item>
                <Button
                  aria-label={`删除费用 ${index + 1}`}
                  icon={<DeleteOutlined />}
                  disabled={fields.length <= 1}
                  onClick={() => remove(field.name)}
                />
              </Flex>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              block
              disabled={fields.length >= 30}
              onClick={() =>
                add({
                  code: freeCode(form.getFieldValue('lines') as EditedLine[], 'extra'),
                  name: '',
                  amount: '',
                })
              }
            >
              添加费用
            </Button>
            <Form.ErrorList errors={errors} />
          </div>
        )}
      </Form.List>
      <Form.Item {...item('reason')} style={{ marginTop: 16 }}>
        <Input.TextArea rows={3} maxLength={500} showCount placeholder="会员将看到调价原因" />
      </Form.Item>
    </ActionFormModal>
  );
}
