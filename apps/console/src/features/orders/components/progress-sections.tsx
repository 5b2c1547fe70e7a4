import { Button, Card, Descriptions, Flex, Timeline, Typography } from 'antd';
import { CheckCircleFilled, ClockCircleOutlined, MinusCircleOutlined } from '@ant-design/icons';
import { paymentChannelNames } from '@pcb/contract/payment';
import type { StaffOrderDetail } from '@pcb/contract/staff-order';
import { formatTime } from '../../../lib/date';
import { formatYuan } from '../../../lib/money';
import { OrderSection } from './order-section';

/** The offline transfer finance recorded. */
export function PaymentSection({ payment }: { payment: NonNullable<StaffOrderDetail['payment']> }) {
  return (
    <OrderSection title="线下付款">
      <Descriptions column={2} bordered size="small">
        <Descriptions.Item label="到账金额">{formatYuan(payment.amount)}</Descriptions.Item>
        <Descriptions.Item label="到账时间">{formatTime(payment.receivedAt)}</Descriptions.Item>
        <Descriptions.Item label="银行流水号">{payment.bankReference}</Descriptions.Item>
        <Descriptions.Item label="付款户名">{payment.payerName}</Descriptions.Item>
        <Descriptions.Item label="登记人" span={2}>
          {payment.recordedBy}，{formatTime(payment.createdAt)}
        </Descriptions.Item>
      </Descriptions>
    </OrderSection>
  );
}

/**
 * How the order was paid (decisions 0051, 0064): each part, and for finance the coupon used and
 * its deduction (not invoiceable).
 */
export function PaidWithSection({
  paidWith,
}: {
  paidWith: NonNullable<StaffOrderDetail['paidWith']>;
}) {
  const parts = [
    ['余额', paidWith.balance],
    ['赠送金额', paidWith.gift],
    ['月结', paidWith.credit],
    [paidWith.channel ? paymentChannelNames[paidWith.channel] : '在线支付', paidWith.online],
    ['对公转账', paidWith.offline],
  ] as const;
  return (
    <OrderSection title="付款">
      <Descriptions column={2} bordered size="small">
        <Descriptions.Item label="订单金额">{formatYuan(paidWith.total)}</Descriptions.Item>
        <Descriptions.Item label="付款时间">{formatTime(paidWith.paidAt)}</Descriptions.Item>
        {parts
          .filter(([, amount]) => amount > 0)
          .map(([label, amount]) => (
            <Descriptions.Item key={label} label={label}>
              {formatYuan(amount)}
            </Descriptions.Item>
          ))}
        {paidWith.coupon > 0 && (
          <Descriptions.Item label="优惠券抵扣" span={2}>
            <span data-testid="order-coupon">
              −{formatYuan(paidWith.coupon)}（{paidWith.couponName ?? '优惠券'}
              {paidWith.couponReturned ? '，已退回' : ''}）
            </span>
          </Descriptions.Item>
        )}
        {paidWith.refundedAt && (
          <Descriptions.Item label="退款" span={2}>
            {formatTime(paidWith.refundedAt)} 订单取消，已按原路退款
          </Descriptions.Item>
        )}
      </Descriptions>
    </OrderSection>
  );
}

/** The kind's production steps in order, each with when it was done; the next one marked. */
export function ProductionSection({ steps }: { steps: StaffOrderDetail['productionSteps'] }) {
  const next = steps.findIndex((s) => s.doneAt === null);
  const done = next === -1 ? steps.length : next;
  return (
    <OrderSection
      title="生产进度"
      extra={
        <Typography.Text type="secondary">
          已完成 {done}/{steps.length} 道工序
        </Typography.Text>
      }
    >
      <ol className="production-steps" aria-label="工序">
        {steps.map((step, i) => {
          const state = step.doneAt ? 'done' : i === next ? 'next' : 'todo';
          return (
            <li key={step.step} data-state={state}>
              {state === 'done' ? (
                <CheckCircleFilled style={{ color: '#52c41a' }} aria-hidden />
              ) : state === 'next' ? (
                <ClockCircleOutlined style={{ color: '#1677ff' }} aria-hidden />
              ) : (
                <MinusCircleOutlined style={{ color: '#bfbfbf' }} aria-hidden />
              )}
              <span className="production-step-name">
                {i + 1}. {step.name}
              </span>
              <Typography.Text type="secondary" className="production-step-time">
                {step.doneAt
                  ? formatTime(step.doneAt).slice(5)
                  : state === 'next'
                    ? '下一道'
                    : '未开始'}
              </Typography.Text>
            </li>
          );
        })}
      </ol>
    </OrderSection>
  );
}

/** The parcels shipped, each with its events (newest first) and, when allowed, a new one. */
export function ParcelsSection({
  parcels,
  onAddEvent,
}: {
  parcels: StaffOrderDetail['parcels'];
  /** Shown when the caller may add tracking events now. */
  onAddEvent?: (parcelId: number) => void;
}) {
  return (
    <OrderSection title="包裹">
      <Flex vertical gap={12}>
        {parcels.map((parcel, i) => (
          <Card
            key={parcel.id}
            size="small"
            role="group"
            aria-label={`包裹 ${parcel.courierName} ${parcel.trackingNo}`}
            title={
              <span>
                包裹 {i + 1}：{parcel.courierName}{' '}
                <Typography.Text copyable>{parcel.trackingNo}</Typography.Text>
              </span>
            }
            extra={
              <Flex gap={8} align="center">
                <Typography.Text type="secondary">
                  发货 {formatTime(parcel.shippedAt)}
                </Typography.Text>
                {onAddEvent && (
                  <Button size="small" onClick={() => onAddEvent(parcel.id)}>
                    添加物流记录
                  </Button>
                )}
              </Flex>
            }
          >
            {parcel.events.length === 0 ? (
              <Typography.Text type="secondary">暂无物流记录</Typography.Text>
            ) : (
              <Timeline
                items={parcel.events.map((event, j) => ({
                  key: j,
                  color: j === 0 ? 'green' : 'gray',
                  content: (
                    <>
                      <div>
                        {event.place} · {event.text}
                      </div>
                      <Typography.Text type="secondary">{formatTime(event.at)}</Typography.Text>
                    </>
                  ),
                }))}
              />
            )}
          </Card>
        ))}
      </Flex>
    </OrderSection>
  );
}
