import { useState } from 'react';
import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { toInstant } from '../../../lib/date';
import { useStaffOptions } from '../api/list-staff-options';

export interface AuditFilterValues {
  staffId?: number;
  action?: string;
  objectType?: string;
  objectId?: string;
  from?: string;
  to?: string;
}

interface FormValues {
  staffId?: number;
  action?: string;
  objectType?: string;
  objectId?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

const trimmed = (value: string | undefined) => value?.trim() || undefined;

/** Who, what, which object, when: the audit log's filters, applied on 查询. */
export function AuditFilters({ onApply }: { onApply: (filters: AuditFilterValues) => void }) {
  const [form] = Form.useForm<FormValues>();
  const [staffKeyword, setStaffKeyword] = useState('');
  const staffOptions = useStaffOptions(staffKeyword);

  const apply = (values: FormValues) => {
    const [from, to] = values.range ?? [null, null];
    onApply({
      staffId: values.staffId,
      action: trimmed(values.action),
      objectType: trimmed(values.objectType),
      objectId: trimmed(values.objectId),
      from: from ? toInstant(from) : undefined,
      to: to ? toInstant(to) : undefined,
    });
  };

  return (
    <Form form={form} layout="inline" onFinish={apply} style={{ rowGap: 12, marginBottom: 16 }}>
      <Form.Item name="staffId" label="员工">
        <Select
          allowClear
          style={{ width: 180 }}
          placeholder="全部员工"
          showSearch={{ filterOption: false, onSearch: setStaffKeyword }}
          loading={staffOptions.isFetching}
          options={staffOptions.data?.items.map((s) => ({
            value: s.id,
            label: `${s.realName}（${s.userName}）`,
          }))}
        />
      </Form.Item>
      <Form.Item name="action" label="操作">
        <Input allowClear placeholder="如 StaffMember.SetStatus" style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="objectType" label="对象类型">
        <Input allowClear placeholder="如 member" style={{ width: 120 }} />
      </Form.Item>
      <Form.Item name="objectId" label="对象编号">
        <Input allowClear style={{ width: 110 }} />
      </Form.Item>
      <Form.Item name="range" label="时间">
        <DatePicker.RangePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          allowEmpty={[true, true]}
          placeholder={['开始时间', '结束时间']}
        />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onApply({});
            }}
          >
            重置
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
