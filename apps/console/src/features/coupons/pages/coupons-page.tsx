import { useState } from 'react';
import {
  App,
  Button,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Switch,
  Table,
  Tabs,
  Tag,
} from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import {
  couponServiceNames,
  couponServiceTypes,
  type CouponServiceType,
} from '@pcb/contract/member-rebate';
import type { CouponDeduction, CouponTemplate, StaffCampaign } from '@pcb/contract/staff-coupon';
import { PageSection } from '../../../components/page-section';
import { QueryError } from '../../../components/query-error';
import { formatTime, toInstant } from '../../../lib/date';
import { formatYuan, parseYuan } from '../../../lib/money';
import { usePagedFilters } from '../../../lib/paging';
import { hasAnyRole, useStaff } from '../../../lib/staff-session';
import {
  useBundle,
  useCampaigns,
  useCreateCampaign,
  useCreateTemplate,
  useDeductions,
  useGrant,
  useSetBundle,
  useSetCampaignActive,
  useSetTemplateActive,
  useTemplates,
} from '../api/coupon-calls';

const serviceOptions = couponServiceTypes.map((t) => ({ value: t, label: couponServiceNames[t] }));
const validityOf = (t: CouponTemplate) =>
  t.validityKind === 'days'
    ? `领取后${t.validDays}天`
    : `${formatTime(t.validFrom)} 至 ${formatTime(t.validTo)}`;
const yuanRule = {
  validator: (_: unknown, v: string | undefined) =>
    v && parseYuan(v) !== null ? Promise.resolve() : Promise.reject(new Error('请输入金额（元）')),
};

function TemplateModal({ onClose }: { onClose: () => void }) {
  const { message } = App.useApp();
  const create = useCreateTemplate();
  const [form] = Form.useForm();
  const kind = Form.useWatch<'days' | 'fixed'>('validityKind', form);
  const submit = async (v: {
    name: string;
    serviceType: CouponServiceType;
    amount: string;
    minOrderAmount: string;
    validityKind: 'days' | 'fixed';
    validDays?: number;
    range?: [Dayjs, Dayjs];
  }) => {
    try {
      await create.mutateAsync({
        name: v.name,
        serviceType: v.serviceType,
        amount: parseYuan(v.amount)!,
        minOrderAmount: parseYuan(v.minOrderAmount)!,
        validityKind: v.validityKind,
        ...(v.validityKind === 'days'
          ? { validDays: v.validDays }
          : { validFrom: toInstant(v.range![0]), validTo: toInstant(v.range![1]) }),
      });
      void message.success('模板已创建');
      onClose();
    } catch (error) {
      void message.error((error as Error).message);
    }
  };
  return (
    <Modal
      open
      title="新建优惠券模板"
      okText="创建"
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          serviceType: 'pcb',
          minOrderAmount: '0',
          validityKind: 'days',
          validDays: 30,
        }}
        onFinish={submit}
      >
        <Form.Item name="name" label="名称" rules={[{ required: true, message: '请填写名称' }]}>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item name="serviceType" label="适用业务">
          <Select options={serviceOptions} />
        </Form.Item>
        <Form.Item name="amount" label="面额（元）" rules={[yuanRule]}>
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item name="minOrderAmount" label="最低订单金额（元，0为无门槛）" rules={[yuanRule]}>
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item name="validityKind" label="有效期">
          <Select
            options={[
              { value: 'days', label: '领取后N天内有效' },
              { value: 'fixed', label: '固定时间段' },
            ]}
          />
        </Form.Item>
        {kind === 'fixed' ? (
          <Form.Item
            name="range"
            label="时间段"
            rules={[{ required: true, message: '请选择时间段' }]}
          >
            <DatePicker.RangePicker showTime />
          </Form.Item>
        ) : (
          <Form.Item
            name="validDays"
            label="天数"
            rules={[{ required: true, message: '请填写天数' }]}
          >
            <InputNumber min={1} max={3650} precision={0} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

function TemplatesTab({ canEdit }: { canEdit: boolean }) {
  const { message } = App.useApp();
  const templates = useTemplates();
  const setActive = useSetTemplateActive();
  const [creating, setCreating] = useState(false);
  const columns: TableColumnsType<CouponTemplate> = [
    { title: '名称', dataIndex: 'name' },
    {
      title: '业务',
      dataIndex: 'serviceType',
      width: 90,
      render: (t: CouponServiceType) => couponServiceNames[t],
    },
    { title: '面额', dataIndex: 'amount', width: 100, render: formatYuan },
    {
      title: '门槛',
      dataIndex: 'minOrderAmount',
      width: 110,
      render: (v: number) => (v > 0 ? `满${formatYuan(v)}` : '无门槛'),
    },
    { title: '有效期', key: 'validity', render: (_, t) => validityOf(t) },
    { title: '已发放', dataIndex: 'granted', width: 80 },
    {
      title: '启用',
      dataIndex: 'isActive',
      width: 80,
      render: (on: boolean, t) => (
        <Switch
          size="small"
          checked={on}
          disabled={!canEdit}
          aria-label={`启用${t.name}`}
          onChange={(isActive) =>
            setActive
              .mutateAsync({ id: t.id, isActive })
              .catch((e: Error) => void message.error(e.message))
          }
        />
      ),
    },
  ];
  if (templates.isError)
    return <QueryError error={templates.error} onRetry={() => void templates.refetch()} />;
  return (
    <>
      {canEdit && (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setCreating(true)}
          style={{ marginBottom: 12 }}
        >
          新建模板
        </Button>
      )}
      <Table
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={templates.data}
        loading={templates.isFetching}
        pagination={false}
        locale={{ emptyText: '暂无模板' }}
      />
      {creating && <TemplateModal onClose={() => setCreating(false)} />}
    </>
  );
}

function CampaignModal({ onClose }: { onClose: () => void }) {
  const { message } = App.useApp();
  const templates = useTemplates();
  const create = useCreateCampaign();
  const [form] = Form.useForm();
  const submit = async (v: {
    name: string;
    templateId: number;
    stock: number;
    perMemberLimit: number;
    range: [Dayjs, Dayjs];
  }) => {
    try {
      await create.mutateAsync({
        name: v.name,
        templateId: v.templateId,
        stock: v.stock,
        perMemberLimit: v.perMemberLimit,
        startsAt: toInstant(v.range[0]),
        endsAt: toInstant(v.range[1]),
      });
      void message.success('活动已创建');
      onClose();
    } catch (error) {
      void message.error((error as Error).message);
    }
  };
  return (
    <Modal
      open
      title="新建领券活动"
      okText="创建"
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ stock: 100, perMemberLimit: 1 }}
        onFinish={submit}
      >
        <Form.Item
          name="name"
          label="活动名称"
          rules={[{ required: true, message: '请填写活动名称' }]}
        >
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item
          name="templateId"
          label="优惠券模板"
          rules={[{ required: true, message: '请选择模板' }]}
        >
          <Select
            options={(templates.data ?? [])
              .filter((t) => t.isActive)
              .map((t) => ({
                value: t.id,
                label: `${t.name}（${couponServiceNames[t.serviceType]} ${formatYuan(t.amount)}）`,
              }))}
          />
        </Form.Item>
        <Form.Item
          name="stock"
          label="库存（张）"
          rules={[{ required: true, message: '请填写库存' }]}
        >
          <InputNumber min={1} max={1_000_000} precision={0} />
        </Form.Item>
        <Form.Item
          name="perMemberLimit"
          label="每人限领（张）"
          rules={[{ required: true, message: '请填写每人限领' }]}
        >
          <InputNumber min={1} max={100} precision={0} />
        </Form.Item>
        <Form.Item
          name="range"
          label="领取时间"
          rules={[{ required: true, message: '请选择领取时间' }]}
        >
          <DatePicker.RangePicker showTime />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function CampaignsTab({ canEdit }: { canEdit: boolean }) {
  const { message } = App.useApp();
  const campaigns = useCampaigns();
  const setActive = useSetCampaignActive();
  const [creating, setCreating] = useState(false);
  const columns: TableColumnsType<StaffCampaign> = [
    { title: '活动', dataIndex: 'name' },
    { title: '模板', dataIndex: 'templateName' },
    {
      title: '库存',
      key: 'stock',
      width: 140,
      render: (_, c) => `${c.claimed} / ${c.stock}（剩${c.stock - c.claimed}）`,
    },
    { title: '每人限领', dataIndex: 'perMemberLimit', width: 90 },
    {
      title: '领取时间',
      key: 'window',
      render: (_, c) => `${formatTime(c.startsAt)} 至 ${formatTime(c.endsAt)}`,
    },
    {
      title: '上架',
      dataIndex: 'isActive',
      width: 80,
      render: (on: boolean, c) => (
        <Switch
          size="small"
          checked={on}
          disabled={!canEdit}
          aria-label={`上架${c.name}`}
          onChange={(isActive) =>
            setActive
              .mutateAsync({ id: c.id, isActive })
              .catch((e: Error) => void message.error(e.message))
          }
        />
      ),
    },
  ];
  if (campaigns.isError)
    return <QueryError error={campaigns.error} onRetry={() => void campaigns.refetch()} />;
  return (
    <>
      {canEdit && (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setCreating(true)}
          style={{ marginBottom: 12 }}
        >
          新建活动
        </Button>
      )}
      <Table
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={campaigns.data}
        loading={campaigns.isFetching}
        pagination={false}
        locale={{ emptyText: '暂无活动' }}
      />
      {creating && <CampaignModal onClose={() => setCreating(false)} />}
    </>
  );
}

function BundleTab({ canEdit }: { canEdit: boolean }) {
  const { message } = App.useApp();
  const bundle = useBundle();
  const templates = useTemplates();
  const save = useSetBundle();
  const [editing, setEditing] = useState<{ templateId: number; quantity: number }[] | null>(null);
  if (bundle.isError)
    return <QueryError error={bundle.error} onRetry={() => void bundle.refetch()} />;
  const rows =
    editing ?? bundle.data?.map((i) => ({ templateId: i.templateId, quantity: i.quantity })) ?? [];
  const nameOf = (id: number) => templates.data?.find((t) => t.id === id)?.name ?? `#${id}`;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <p>新会员在会员中心领取一次，礼包内容修改后只影响之后的领取。</p>
      <Table
        rowKey="templateId"
        size="middle"
        pagination={false}
        loading={bundle.isFetching}
        dataSource={rows}
        locale={{ emptyText: '礼包为空' }}
        columns={[
          { title: '模板', dataIndex: 'templateId', render: (id: number) => nameOf(id) },
          {
            title: '张数',
            dataIndex: 'quantity',
            width: 120,
            render: (q: number, row) =>
              editing ? (
                <InputNumber
                  aria-label={`${nameOf(row.templateId)}张数`}
                  min={1}
                  max={10}
                  precision={0}
                  value={q}
                  onChange={(v) =>
                    setEditing(
                      rows.map((r) =>
                        r.templateId === row.templateId ? { ...r, quantity: v ?? 1 } : r,
                      ),
                    )
                  }
                />
              ) : (
                q
              ),
          },
          ...(editing
            ? [
                {
                  title: '操作',
                  key: 'remove',
                  width: 80,
                  render: (_: unknown, row: { templateId: number }) => (
                    <Button
                      type="link"
                      danger
                      onClick={() =>
                        setEditing(rows.filter((r) => r.templateId !== row.templateId))
                      }
                    >
                      移除
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      {canEdit &&
        (editing ? (
          <Space wrap>
            <Select
              aria-label="加入模板"
              placeholder="加入模板"
              style={{ width: 260 }}
              value={null}
              options={(templates.data ?? [])
                .filter((t) => t.isActive && !rows.some((r) => r.templateId === t.id))
                .map((t) => ({ value: t.id, label: t.name }))}
              onChange={(id: number) => setEditing([...rows, { templateId: id, quantity: 1 }])}
            />
            <Button
              type="primary"
              loading={save.isPending}
              onClick={() =>
                save.mutateAsync({ items: rows }).then(
                  () => {
                    void message.success('新人礼包已保存');
                    setEditing(null);
                  },
                  (e: Error) => void message.error(e.message),
                )
              }
            >
              保存
            </Button>
            <Button onClick={() => setEditing(null)}>取消</Button>
          </Space>
        ) : (
          <Button onClick={() => setEditing(rows)}>编辑礼包</Button>
        ))}
    </Space>
  );
}

function GrantTab() {
  const { message } = App.useApp();
  const templates = useTemplates();
  const grant = useGrant();
  const [form] = Form.useForm();
  return (
    <Form
      form={form}
      layout="vertical"
      style={{ maxWidth: 420 }}
      initialValues={{ quantity: 1 }}
      onFinish={(v: { memberId: number; templateId: number; quantity: number; reason: string }) =>
        grant.mutateAsync(v).then(
          (r) => {
            void message.success(`已向会员#${v.memberId}发放${r.count}张`);
            form.resetFields();
          },
          (e: Error) => void message.error(e.message),
        )
      }
    >
      <Form.Item
        name="memberId"
        label="会员编号"
        rules={[{ required: true, message: '请填写会员编号' }]}
      >
        <InputNumber min={1} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="templateId"
        label="优惠券模板"
        rules={[{ required: true, message: '请选择模板' }]}
      >
        <Select
          options={(templates.data ?? [])
            .filter((t) => t.isActive)
            .map((t) => ({ value: t.id, label: t.name }))}
        />
      </Form.Item>
      <Form.Item name="quantity" label="张数">
        <InputNumber min={1} max={100} precision={0} />
      </Form.Item>
      <Form.Item
        name="reason"
        label="发放原因"
        rules={[{ required: true, message: '请填写发放原因' }]}
      >
        <Input.TextArea maxLength={200} rows={2} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={grant.isPending}>
        发放
      </Button>
    </Form>
  );
}

function DeductionsTab() {
  const { paging, pagination } = usePagedFilters<Record<string, never>>({});
  const deductions = useDeductions(paging);
  const columns: TableColumnsType<CouponDeduction> = [
    { title: '订单号', dataIndex: 'orderNo', width: 170 },
    { title: '会员', key: 'member', render: (_, d) => d.member.displayName },
    { title: '优惠券', dataIndex: 'couponName' },
    { title: '抵扣', dataIndex: 'amount', width: 100, render: formatYuan },
    { title: '使用时间', dataIndex: 'usedAt', width: 160, render: formatTime },
    {
      title: '状态',
      dataIndex: 'returnedAt',
      width: 170,
      render: (v: string | null) =>
        v ? <Tag>已退回 {formatTime(v)}</Tag> : <Tag color="green">已抵扣</Tag>,
    },
  ];
  return (
    <>
      {deductions.isError && (
        <QueryError error={deductions.error} onRetry={() => void deductions.refetch()} />
      )}
      <Table<CouponDeduction>
        rowKey="orderId"
        size="middle"
        columns={columns}
        dataSource={deductions.data?.items}
        loading={deductions.isFetching}
        pagination={pagination(deductions.data?.total)}
        locale={{ emptyText: '暂无抵扣记录' }}
      />
    </>
  );
}

/**
 * 优惠券 (decisions 0061, 0062): templates, campaigns with stock and limits, the registration
 * bundle and grants, written by 运营 (and admin), each write audited; finance reads them and
 * the coupon deductions per order.
 */
export default function CouponsPage() {
  const staff = useStaff();
  const canEdit = hasAnyRole(staff, ['content', 'admin']);
  return (
    <PageSection title="优惠券">
      <Tabs
        items={[
          { key: 'templates', label: '模板', children: <TemplatesTab canEdit={canEdit} /> },
          { key: 'campaigns', label: '领券活动', children: <CampaignsTab canEdit={canEdit} /> },
          { key: 'bundle', label: '新人礼包', children: <BundleTab canEdit={canEdit} /> },
          ...(canEdit ? [{ key: 'grant', label: '发放给会员', children: <GrantTab /> }] : []),
          { key: 'deductions', label: '订单抵扣', children: <DeductionsTab /> },
        ]}
      />
    </PageSection>
  );
}
