import { Card, Col, Empty, Row, Skeleton, Statistic, Tag, Typography } from 'antd';
import { StaffCreditPayment } from '@pcb/contract/member-credit-payment';
import { OverdueCredit } from '../components/overdue-credit';
import { RightOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { StaffOrder, type FinanceQueueKey, type WorkQueueKey } from '@pcb/contract/staff-order';
import { staffRoleNames } from '@pcb/contract/staff-common';
import { QueryError } from '../../../components/query-error';
import { paths } from '../../../lib/paths';
import { canCall, useStaff } from '../../../lib/staff-session';
import { useWorkQueue } from '../api/get-work-queue';

/** What each queue asks of whoever opens it. */
const queueHints: Record<WorkQueueKey, string> = {
  pendingReview: '审核通过、修改价格或提出工程问题',
  awaitingConfirmationOverdue: '会员超过24小时未回复，请跟进',
  awaitingPayment: '核对公司转账，登记线下付款',
  toShipToday: '承诺今天（或更早）发货，仍在生产中',
  shipped: '跟进物流，签收后完成订单',
};

/** Finance's counts (decision 0054): each opens its list filtered on what waits. */
const financeQueues: Record<FinanceQueueKey, { hint: string; to: string }> = {
  refundsPending: {
    hint: '已向支付宝、微信支付发起，等待确认退回',
    to: `${paths.refunds}?state=pending`,
  },
  paymentsPending: {
    hint: '会员已发起、支付机构尚未确认的在线支付',
    to: `${paths.payments}?state=pending`,
  },
};

const duties: Record<string, string> = {
  admin: '员工账号与角色、审计日志，以及以下全部',
  sales: '会员查询、客户经理分配、换绑手机与企业认证审核、取消订单',
  engineer: '订单审核：审核通过、修改价格、工程问题',
  production: '生产工序、发货与物流记录、完成订单',
  finance: '线下付款登记；支付与退款记录、会员台账与调整、对账；发票（后续开放）',
  content: '公告管理；资讯、优惠券（后续开放）',
};

/** The work queues of the caller's roles with their counts, each opening the filtered desk. */
function WorkQueues() {
  const queue = useWorkQueue();
  if (queue.isError) {
    return <QueryError error={queue.error} onRetry={() => void queue.refetch()} />;
  }
  if (!queue.data) return <Skeleton active paragraph={{ rows: 2 }} />;
  return (
    <Row gutter={[16, 16]}>
      {queue.data.queues.map((q) => (
        <Col key={q.key} xs={24} md={12} xl={6}>
          <Link to={`${paths.orders}?queue=${q.key}`} data-testid={`queue-${q.key}`}>
            <Card size="small" hoverable>
              <Statistic
                title={q.label}
                value={q.count}
                suffix="单"
                styles={{ content: { color: q.count > 0 ? '#1677ff' : undefined } }}
              />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {queueHints[q.key]} <RightOutlined />
              </Typography.Text>
            </Card>
          </Link>
        </Col>
      ))}
      {queue.data.finance.map((q) => (
        <Col key={q.key} xs={24} md={12} xl={6}>
          <Link to={financeQueues[q.key].to} data-testid={`queue-${q.key}`}>
            <Card size="small" hoverable>
              <Statistic
                title={q.label}
                value={q.count}
                suffix="笔"
                styles={{ content: { color: q.count > 0 ? '#1677ff' : undefined } }}
              />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {financeQueues[q.key].hint} <RightOutlined />
              </Typography.Text>
            </Card>
          </Link>
        </Col>
      ))}
    </Row>
  );
}

/**
 * The landing screen: the order work of the caller's roles (待审核, 待确认 overdue, to ship
 * today…), each linking to the desk filtered on it, then what each role does.
 */
export default function HomePage() {
  const staff = useStaff();
  const worksOrders = canCall(staff, StaffOrder.GetWorkQueue);
  return (
    <Card variant="borderless">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        你好，{staff.realName}
      </Typography.Title>
      {canCall(staff, StaffCreditPayment.GetOverdue) && <OverdueCredit />}
      {worksOrders && (
        <section aria-label="待办" style={{ marginBottom: 24 }}>
          <Typography.Title level={4}>待办</Typography.Title>
          <WorkQueues />
        </section>
      )}
      <Typography.Paragraph type="secondary">
        {worksOrders ? '其他工作请从左侧菜单进入。' : '请从左侧菜单进入要处理的工作。'}
      </Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {staff.roles.map((role) => (
          <Col key={role} xs={24} md={12} xl={8}>
            <Card size="small" title={<Tag color="blue">{staffRoleNames[role]}</Tag>}>
              {duties[role]}
            </Card>
          </Col>
        ))}
        {staff.roles.length === 0 && (
          <Col span={24}>
            <Empty description="你的账号还没有角色，请联系管理员" />
          </Col>
        )}
      </Row>
    </Card>
  );
}
