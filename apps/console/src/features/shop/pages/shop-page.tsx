import { useState } from 'react';
import {
  App,
  Button,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Switch,
  Table,
  Tabs,
  Tag,
} from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import {
  deliveryStatusNames,
  SHOP_PRICE_MAX,
  SHOP_STOCK_MAX,
  shopItemKindNames,
  type DeliveryStatus,
  type ShopItemKind,
  type StaffDelivery,
  type StaffShopItem,
} from '@pcb/contract/shop-product';
import { PagedTable } from '../../../components/paged-table';
import { PageSection } from '../../../components/page-section';
import { QueryError } from '../../../components/query-error';
import { formatTime } from '../../../lib/date';
import { formatYuan } from '../../../lib/money';
import { usePagedFilters } from '../../../lib/paging';
import { hasAnyRole, useStaff } from '../../../lib/staff-session';
import {
  useAddStock,
  useCouponTemplates,
  useCreateItem,
  useDeliveries,
  useSetItem,
  useShipDelivery,
  useShopItems,
} from '../api/shop-calls';

function ItemModal({ onClose }: { onClose: () => void }) {
  const { message } = App.useApp();
  const create = useCreateItem();
  const templates = useCouponTemplates(true);
  const [form] = Form.useForm();
  const kind = Form.useWatch<ShopItemKind>('kind', form);
  const submit = async (v: {
    kind: ShopItemKind;
    name: string;
    description?: string;
    pointsPrice: number;
    stock: number;
    templateId?: number;
  }) => {
    try {
      await create.mutateAsync({
        kind: v.kind,
        name: v.name,
        description: v.description ?? '',
        pointsPrice: v.pointsPrice,
        stock: v.stock,
        ...(v.kind === 'coupon' ? { templateId: v.templateId } : {}),
      });
      void message.success('商品已创建');
      onClose();
    } catch (error) {
      void message.error((error as Error).message);
    }
  };
  return (
    <Modal
      open
      title="新建积分商品"
      okText="创建"
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ kind: 'coupon', stock: 100, pointsPrice: 100 }}
        onFinish={submit}
      >
        <Form.Item name="kind" label="类型">
          <Select
            options={[
              { value: 'coupon', label: '优惠券（取自模板）' },
              { value: 'goods', label: '实物（需发货）' },
            ]}
          />
        </Form.Item>
        {kind === 'coupon' && (
          <Form.Item
            name="templateId"
            label="优惠券模板"
            rules={[{ required: true, message: '请选择优惠券模板' }]}
          >
            <Select
              loading={templates.isPending}
              options={(templates.data ?? [])
                .filter((t) => t.isActive)
                .map((t) => ({ value: t.id, label: `${t.name}（${formatYuan(t.amount)}）` }))}
            />
          </Form.Item>
        )}
        <Form.Item name="name" label="名称" rules={[{ required: true, message: '请填写名称' }]}>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item name="description" label="说明">
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
        <Form.Item
          name="pointsPrice"
          label="积分价格"
          rules={[{ required: true, message: '请填写积分价格' }]}
        >
          <InputNumber min={1} max={SHOP_PRICE_MAX} precision={0} />
        </Form.Item>
        <Form.Item name="stock" label="库存" rules={[{ required: true, message: '请填写库存' }]}>
          <InputNumber min={0} max={SHOP_STOCK_MAX} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function StockModal({ item, onClose }: { item: StaffShopItem; onClose: () => void }) {
  const { message } = App.useApp();
  const add = useAddStock();
  const [quantity, setQuantity] = useState<number | null>(10);
  return (
    <Modal
      open
      title={`调整库存：${item.name}（现有${item.stock}）`}
      okText="确定"
      confirmLoading={add.isPending}
      onCancel={onClose}
      onOk={() => {
        if (!quantity) return void message.error('请填写增减数量（不能为0）');
        add
          .mutateAsync({ id: item.id, quantity })
          .then(() => {
            void message.success('库存已调整');
            onClose();
          })
          .catch((e: Error) => void message.error(e.message));
      }}
      destroyOnHidden
    >
      <InputNumber
        aria-label="增减数量"
        value={quantity}
        onChange={setQuantity}
        min={-SHOP_STOCK_MAX}
        max={SHOP_STOCK_MAX}
        precision={0}
        addonAfter="件（负数为减少）"
      />
    </Modal>
  );
}

function ItemsTab() {
  const { message } = App.useApp();
  const items = useShopItems(true);
  const setItem = useSetItem();
  const [creating, setCreating] = useState(false);
  const [stockOf, setStockOf] = useState<StaffShopItem | null>(null);
  const columns: TableColumnsType<StaffShopItem> = [
    { title: '名称', dataIndex: 'name' },
    {
      title: '类型',
      dataIndex: 'kind',
      width: 90,
      render: (k: ShopItemKind) => <Tag>{shopItemKindNames[k]}</Tag>,
    },
    {
      title: '内容',
      key: 'coupon',
      render: (_, i) =>
        i.coupon ? `${formatYuan(i.coupon.amount)}券，${i.coupon.validity}` : i.description || '—',
    },
    { title: '积分价格', dataIndex: 'pointsPrice', width: 100 },
    { title: '库存', dataIndex: 'stock', width: 80 },
    { title: '已兑换', dataIndex: 'exchanged', width: 80 },
    {
      title: '上架',
      dataIndex: 'isActive',
      width: 80,
      render: (on: boolean, i) => (
        <Switch
          size="small"
          checked={on}
          aria-label={`上架${i.name}`}
          onChange={(isActive) =>
            setItem
              .mutateAsync({ id: i.id, pointsPrice: i.pointsPrice, isActive })
              .catch((e: Error) => void message.error(e.message))
          }
        />
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 100,
      render: (_, i) => (
        <Button size="small" onClick={() => setStockOf(i)}>
          调整库存
        </Button>
      ),
    },
  ];
  if (items.isError) return <QueryError error={items.error} onRetry={() => void items.refetch()} />;
  return (
    <>
      <Button
        type="primary"
        icon={<PlusOutlined />}
        onClick={() => setCreating(true)}
        style={{ marginBottom: 12 }}
      >
        新建商品
      </Button>
      <Table
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={items.data}
        loading={items.isFetching}
        pagination={false}
        locale={{ emptyText: '暂无商品' }}
      />
      {creating && <ItemModal onClose={() => setCreating(false)} />}
      {stockOf && <StockModal item={stockOf} onClose={() => setStockOf(null)} />}
    </>
  );
}

function ShipModal({ delivery, onClose }: { delivery: StaffDelivery; onClose: () => void }) {
  const { message } = App.useApp();
  const ship = useShipDelivery();
  const [form] = Form.useForm();
  return (
    <Modal
      open
      title={`发货：${delivery.itemName}`}
      okText="确认发货"
      confirmLoading={ship.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>
        {delivery.receiver.receiverName} {delivery.receiver.mobile}
        <br />
        {delivery.receiver.address}
      </p>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ courier: '顺丰' }}
        onFinish={(v: { courier: string; trackingNo: string }) =>
          ship
            .mutateAsync({ id: delivery.id, ...v })
            .then(() => {
              void message.success('已发货');
              onClose();
            })
            .catch((e: Error) => void message.error(e.message))
        }
      >
        <Form.Item
          name="courier"
          label="快递公司"
          rules={[{ required: true, message: '请填写快递公司' }]}
        >
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item
          name="trackingNo"
          label="快递单号"
          rules={[{ required: true, message: '请填写快递单号' }]}
        >
          <Input maxLength={40} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function DeliveriesTab() {
  const { filters, paging, setFilters, pagination } = usePagedFilters<{ status?: DeliveryStatus }>({
    status: 'pending',
  });
  const deliveries = useDeliveries({ ...filters, ...paging });
  const [shipping, setShipping] = useState<StaffDelivery | null>(null);
  const columns: TableColumnsType<StaffDelivery> = [
    { title: '兑换时间', dataIndex: 'createdAt', width: 160, render: formatTime },
    { title: '会员', key: 'member', render: (_, d) => d.member.displayName },
    { title: '商品', dataIndex: 'itemName' },
    { title: '积分', dataIndex: 'points', width: 80 },
    {
      title: '收货地址',
      key: 'receiver',
      render: (_, d) => `${d.receiver.receiverName} ${d.receiver.mobile} ${d.receiver.address}`,
    },
    {
      title: '状态',
      key: 'status',
      width: 200,
      render: (_, d) =>
        d.status === 'shipped' ? (
          `${deliveryStatusNames.shipped} ${d.courier ?? ''} ${d.trackingNo ?? ''}`
        ) : (
          <Button size="small" type="primary" onClick={() => setShipping(d)}>
            发货
          </Button>
        ),
    },
  ];
  return (
    <>
      <Select
        aria-label="发货状态"
        style={{ width: 160, marginBottom: 12 }}
        value={filters.status ?? 'all'}
        onChange={(v: DeliveryStatus | 'all') => setFilters(v === 'all' ? {} : { status: v })}
        options={[
          { value: 'pending', label: '待发货' },
          { value: 'shipped', label: '已发货' },
          { value: 'all', label: '全部' },
        ]}
      />
      <PagedTable
        query={deliveries}
        pagination={pagination}
        columns={columns}
        emptyText="暂无发货单"
      />
      {shipping && <ShipModal delivery={shipping} onClose={() => setShipping(null)} />}
    </>
  );
}

/**
 * 积分商城 (decision 0074): 运营 keeps the items (a coupon template's coupon or goods, points
 * price, stock, on sale); 运营 and production ship the goods members exchanged.
 */
export default function ShopPage() {
  const staff = useStaff();
  const canEditItems = hasAnyRole(staff, ['content', 'admin']);
  return (
    <PageSection title="积分商城">
      <Tabs
        items={[
          ...(canEditItems ? [{ key: 'items', label: '商品', children: <ItemsTab /> }] : []),
          { key: 'deliveries', label: '实物发货', children: <DeliveriesTab /> },
        ]}
      />
    </PageSection>
  );
}
