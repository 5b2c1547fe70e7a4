import { Card, Col, Empty, Row, Tag, Typography } from 'antd';
import { staffRoleNames } from '@pcb/contract/staff-common';
import { useStaff } from '../../../lib/staff-session';

/**
 * The landing screen: who is logged in and what their roles do. The menu on the left lists
 * the screens those roles open; roles whose screens come with later issues see a note.
 */
export default function HomePage() {
  const staff = useStaff();
  const duties: Record<string, string> = {
    admin: '员工账号与角色、审计日志，以及以下全部',
    sales: '会员查询、客户经理分配、换绑手机审核',
    engineer: '订单审核、工程问题（后续开放）',
    production: '生产进度、发货（后续开放）',
    finance: '会员查询；付款、退款、发票（后续开放）',
    content: '公告管理；资讯、优惠券（后续开放）',
  };
  return (
    <Card variant="borderless">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        你好，{staff.realName}
      </Typography.Title>
      <Typography.Paragraph type="secondary">请从左侧菜单进入要处理的工作。</Typography.Paragraph>
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
