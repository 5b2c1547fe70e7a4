import { useState } from 'react';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Flex,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { orderActions, type OrderAction } from '@pcb/contract';
import type { StaffOrderDetail } from '@pcb/contract/staff-order';
import { QueryError } from '../../../components/query-error';
import { formatTime } from '../../../lib/date';
import { formatYuan } from '../../../lib/money';
import { useOrder } from '../api/get-order';
import { orderKindTags, orderStatusTags, paramItems } from '../order-labels';
import { ActionModal, type Acting } from './actions/action-modal';
import { OrderSection } from './order-section';
import {
  PaidWithSection,
  ParcelsSection,
  PaymentSection,
  ProductionSection,
} from './progress-sections';
import { ReceiverSection } from './receiver-section';
import { EqSection, PriceChangeSection } from './review-sections';
import { TimelineSection } from './timeline-section';

type FeeLine = StaffOrderDetail['lines'][number];

/** The actions that move the order on: the drawer's primary buttons. */
const forward = new Set<OrderAction>(['pass', 'recordPayment', 'recordStep', 'ship', 'complete']);

/** The caller's actions now, as the server's answer lists them (the lifecycle table's order). */
function actionsOf(detail: StaffOrderDetail): OrderAction[] {
  return (Object.keys(orderActions) as OrderAction[]).filter((a) => detail.actions.includes(a));
}

/** What waits, said above the order: a refusal's reason, a price or question for the member. */
function Notices({ detail }: { detail: StaffOrderDetail }) {
  const notices: { type: 'info' | 'warning' | 'error'; text: string }[] = [];
  if (detail.status === 'cancelled' && detail.cancelReason) {
    notices.push({ type: 'error', text: `订单已取消：${detail.cancelReason}` });
  }
  if (detail.priceChange?.status === 'pending') {
    notices.push({ type: 'warning', text: '新价格等待会员确认' });
  }
  const open = detail.eqs.filter((e) => e.status === 'open').length;
  if (open > 0) notices.push({ type: 'warning', text: `${open}个工程问题等待会员回复` });
  const answered = detail.eqs.filter((e) => e.status === 'answered').length;
  if (answered > 0 && detail.status === 'pendingReview') {
    notices.push({ type: 'info', text: `会员已回复${answered}个工程问题，请查看后继续审核` });
  }
  if (notices.length === 0) return null;
  return (
    <Flex vertical gap={8}>
      {notices.map((n) => (
        <Alert key={n.text} type={n.type} showIcon title={n.text} />
      ))}
    </Flex>
  );
}

/**
 * One order at the desk, what is being worked on first (questions, price, production,
 * parcels), then what was ordered (parameters, fees, receiver, payment) and the log: everything StaffOrder.Get answers, and the actions the order's state
 * and the caller's roles allow (the server's `actions`, from the lifecycle table), each in its
 * dialog. What the member typed is shown with any invisible character written out.
 */
export function OrderDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const order = useOrder(id);
  const detail = order.data?.id === id ? order.data : undefined;
  const [acting, setActing] = useState<Acting | null>(null);
  const actions = detail ? actionsOf(detail) : [];
  const showProduction =
    detail && (detail.productionSteps.some((s) => s.doneAt) || detail.status === 'inProduction');

  return (
    <Drawer
      title={
        detail ? (
          <Space>
            <span>订单 {detail.orderNo}</span>
            <Tag color={orderStatusTags[detail.status].color}>
              {orderStatusTags[detail.status].label}
            </Tag>
          </Space>
        ) : (
          '订单详情'
        )
      }
      size={900}
      open={id !== null}
      onClose={onClose}
      destroyOnHidden
      extra={
        detail && (
          <div role="toolbar" aria-label="订单操作">
            <Space wrap>
              {actions
                .filter((a) => a !== 'addParcelEvent')
                .map((action) => (
                  <Button
                    key={action}
                    type={forward.has(action) ? 'primary' : 'default'}
                    danger={action === 'staffCancel'}
                    onClick={() => setActing({ action })}
                  >
                    {orderActions[action].label}
                  </Button>
                ))}
            </Space>
          </div>
        )
      }
    >
      {order.isError && <QueryError error={order.error} onRetry={() => void order.refetch()} />}
      {!detail && !order.isError && id !== null && <Skeleton active paragraph={{ rows: 10 }} />}
      {detail && (
        <Space orientation="vertical" size={24} style={{ width: '100%' }}>
          <Notices detail={detail} />
          <Descriptions column={2} bordered size="small">
            <Descriptions.Item label="订单号">{detail.orderNo}</Descriptions.Item>
            <Descriptions.Item label="类型与状态">
              <Tag color={orderKindTags[detail.kind].color}>{orderKindTags[detail.kind].label}</Tag>
              <Tag color={orderStatusTags[detail.status].color}>
                {orderStatusTags[detail.status].label}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label="会员">
              {detail.member.displayName}（#{detail.member.id}）
            </Descriptions.Item>
            <Descriptions.Item label="下单时间">{formatTime(detail.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="订单金额">
              <Typography.Text strong>{formatYuan(detail.total)}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="价格表版本">v{detail.sheetVersion}</Descriptions.Item>
            <Descriptions.Item label="生产周期">{detail.buildDays}个工作日</Descriptions.Item>
            <Descriptions.Item label="承诺发货">{detail.shipDate ?? '—'}</Descriptions.Item>
          </Descriptions>

          {detail.eqs.length > 0 && <EqSection eqs={detail.eqs} />}
          {detail.priceChange && <PriceChangeSection change={detail.priceChange} />}
          {showProduction && <ProductionSection steps={detail.productionSteps} />}
          {detail.parcels.length > 0 && (
            <ParcelsSection
              parcels={detail.parcels}
              onAddEvent={
                actions.includes('addParcelEvent')
                  ? (parcelId) => setActing({ action: 'addParcelEvent', parcelId })
                  : undefined
              }
            />
          )}
          <OrderSection title="参数">
            <Typography.Paragraph copyable>{detail.paramString}</Typography.Paragraph>
            <dl className="order-params">
              {paramItems(detail.kind, detail.params).map((item) => (
                <div key={item.key}>
                  <dt>{item.label}</dt>
                  <dd>{item.value}</dd>
                </div>
              ))}
            </dl>
          </OrderSection>

          <OrderSection title="费用明细">
            <Table<FeeLine>
              rowKey="code"
              size="small"
              pagination={false}
              dataSource={detail.lines}
              columns={[
                { title: '费用', dataIndex: 'name', width: 110 },
                {
                  title: '金额',
                  dataIndex: 'amount',
                  width: 110,
                  align: 'right',
                  render: (fen: number) => formatYuan(fen),
                },
                { title: '计算依据', dataIndex: 'reason' },
              ]}
              summary={() => (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
                  <Table.Summary.Cell index={1} align="right">
                    <Typography.Text strong>{formatYuan(detail.total)}</Typography.Text>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={2} />
                </Table.Summary.Row>
              )}
            />
          </OrderSection>

          <ReceiverSection detail={detail} />
          {detail.paidWith && <PaidWithSection paidWith={detail.paidWith} />}
          {detail.payment && <PaymentSection payment={detail.payment} />}
          <TimelineSection timeline={detail.timeline} />
        </Space>
      )}
      {detail && acting && (
        <ActionModal acting={acting} detail={detail} onClose={() => setActing(null)} />
      )}
    </Drawer>
  );
}
