import { useState } from 'react';
import { App, Button, Flex, Form, Input, type UploadFile } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { StaffOrder, type StaffOrderDetail } from '@pcb/contract/staff-order';
import { useSchemaForm } from '../../../../components/form/use-schema-form';
import { useRaiseOrderEq } from '../../api/raise-order-eq';
import { ActionFormModal } from './action-form-modal';
import { EqImageUpload, uploadedKeys } from './eq-image-upload';
import { StatusMove } from './status-move';

const schema = StaffOrder.RaiseEq.input.pick({ question: true });
const optionSchema = StaffOrder.RaiseEq.input.shape.options.unwrap().element;
const OPTIONS_MAX = 6;

interface Values {
  question: string;
  options?: string[];
}

/**
 * 提出工程问题: the question, the answers the engineer suggests (the member may also write
 * their own) and images, uploaded as they are picked. The order waits for the member (待确认).
 */
export function RaiseEqModal({
  detail,
  onClose,
}: {
  detail: StaffOrderDetail;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const raise = useRaiseOrderEq();
  const schemaForm = useSchemaForm<typeof schema, Values>(schema);
  const { item } = schemaForm;
  const [files, setFiles] = useState<UploadFile[]>([]);
  const uploading = files.some((f) => f.status === 'uploading');

  const toInput = (values: Values) => {
    if (uploading) {
      void message.warning('图片还在上传，请稍候');
      return null;
    }
    return {
      id: detail.id,
      question: values.question.trim(),
      options: (values.options ?? []).map((o) => o.trim()).filter(Boolean),
      images: uploadedKeys(files),
    };
  };

  return (
    <ActionFormModal<Values, Parameters<typeof raise.mutateAsync>[0]>
      title={`提出工程问题：${detail.orderNo}`}
      okText="发送给会员"
      width={640}
      schemaForm={schemaForm}
      mutation={raise}
      toInput={toInput}
      success="工程问题已发给会员"
      busy={uploading}
      onClose={onClose}
      initialValues={{ options: ['', ''] }}
    >
      <StatusMove action="raiseEq" from={detail.status} extra="会员回复后回到待审核" />
      <Form.Item {...item('question')}>
        <Input.TextArea
          rows={4}
          maxLength={1000}
          showCount
          placeholder="如：阻焊开窗与焊盘间距不足，是否允许调整？"
          autoFocus
        />
      </Form.Item>
      <Form.Item label="建议选项" extra="选填，会员可直接选择，也可另写回复">
        <Form.List
          name="options"
          rules={[
            {
              validator: async (_rule, value?: string[]) => {
                const texts = (value ?? []).map((o) => o?.trim()).filter(Boolean);
                if (new Set(texts).size !== texts.length) throw new Error('建议选项不能重复');
              },
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <Flex vertical gap={8}>
              {fields.map((field, index) => (
                <Flex key={field.key} gap={8}>
                  <Form.Item
                    name={field.name}
                    noStyle
                    rules={[
                      {
                        validator: async (_rule, value: unknown) => {
                          const text = typeof value === 'string' ? value.trim() : '';
                          if (text && !optionSchema.safeParse(text).success) {
                            throw new Error('选项最多200字');
                          }
                        },
                      },
                    ]}
                  >
                    <Input
                      aria-label={`选项 ${index + 1}`}
                      maxLength={200}
                      placeholder={index === 0 ? '如：同意按工厂建议调整' : '如：保持原设计'}
                    />
                  </Form.Item>
                  <Button
                    aria-label={`删除选项 ${index + 1}`}
                    icon={<DeleteOutlined />}
                    onClick={() => remove(field.name)}
                  />
                </Flex>
              ))}
              {fields.length < OPTIONS_MAX && (
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add('')}>
                  添加选项
                </Button>
              )}
              <Form.ErrorList errors={errors} />
            </Flex>
          )}
        </Form.List>
      </Form.Item>
      <Form.Item label="图片" extra="选填，最多6张 JPG/PNG，每张不超过10MB">
        <EqImageUpload files={files} onChange={setFiles} />
      </Form.Item>
    </ActionFormModal>
  );
}
