import { App, DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  StaffAnnouncement,
  type StaffAnnouncement as Announcement,
} from '@pcb/contract/staff-announcement';
import { FormModal } from '../../../components/form/form-modal';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { toInstant } from '../../../lib/date';
import { useCreateAnnouncement } from '../api/create-announcement';
import { useUpdateAnnouncement } from '../api/update-announcement';
import { announcementTypeNames } from '../announcement-labels';

interface Values {
  type: Announcement['type'];
  title: string;
  content: string;
  linkUrl?: string;
  /** Start, and an end or none (open-ended). */
  range: [Dayjs | null, Dayjs | null];
}

const schema = StaffAnnouncement.Create.input;

function initialValues(editing: Announcement | null): Partial<Values> {
  if (!editing) return { type: 'home', range: [dayjs().startOf('minute'), null] };
  return {
    type: editing.type,
    title: editing.title,
    content: editing.content,
    linkUrl: editing.linkUrl ?? undefined,
    range: [dayjs(editing.startsAt), editing.endsAt ? dayjs(editing.endsAt) : null],
  };
}

/** Create or edit an announcement; the date-time range schedules when members see it. */
export function AnnouncementFormModal({
  editing,
  onClose,
}: {
  /** The announcement to edit; null creates one. */
  editing: Announcement | null;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const create = useCreateAnnouncement();
  const update = useUpdateAnnouncement();
  const { form, item, refuse } = useSchemaForm<typeof schema, Values>(schema, {
    startsAt: 'range',
    endsAt: 'range',
  });
  const pending = create.isPending || update.isPending;

  const submit = async (values: Values) => {
    const [start, end] = values.range;
    const input = {
      type: values.type,
      title: values.title,
      content: values.content,
      linkUrl: values.linkUrl?.trim() || null,
      startsAt: start ? toInstant(start) : '',
      endsAt: end ? toInstant(end) : null,
    };
    if (editing) await update.mutateAsync({ id: editing.id, ...input });
    else await create.mutateAsync(input);
    void message.success(editing ? '公告已保存' : '公告已创建');
    onClose();
  };

  return (
    <FormModal<Values>
      title={editing ? '编辑公告' : '新建公告'}
      okText="保存"
      width={640}
      pending={pending}
      form={form}
      refuse={refuse}
      onSubmit={submit}
      onClose={onClose}
      initialValues={initialValues(editing)}
    >
      <Form.Item {...item('type')}>
        <Select
          options={Object.entries(announcementTypeNames).map(([value, label]) => ({
            value,
            label,
          }))}
        />
      </Form.Item>
      <Form.Item {...item('title')}>
        <Input maxLength={100} showCount />
      </Form.Item>
      <Form.Item {...item('content')}>
        <Input.TextArea rows={4} maxLength={2000} showCount />
      </Form.Item>
      <Form.Item
        {...item('linkUrl', {
          toWire: (value) => (typeof value === 'string' && value.trim()) || null,
        })}
        extra="选填：点击公告时打开的完整网址"
      >
        <Input placeholder="https://" />
      </Form.Item>
      <Form.Item
        name="range"
        label="展示时间"
        required
        extra="结束时间留空表示一直展示"
        rules={[
          {
            validator: async (_rule, value?: Values['range']) => {
              const [start, end] = value ?? [null, null];
              if (!start) throw new Error('请选择开始时间');
              if (end && !end.isAfter(start)) throw new Error('结束时间应晚于开始时间');
            },
          },
        ]}
      >
        <DatePicker.RangePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          allowEmpty={[false, true]}
          placeholder={['开始时间', '结束时间（可不填）']}
          style={{ width: '100%' }}
        />
      </Form.Item>
    </FormModal>
  );
}
