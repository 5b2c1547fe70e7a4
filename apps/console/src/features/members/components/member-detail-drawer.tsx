import { useState } from 'react';
import { Button, Descriptions, Drawer, Skeleton, Space, Tag } from 'antd';
import { StaffCreditPayment } from '@pcb/contract/member-credit-payment';
import { StaffCoupon } from '@pcb/contract/staff-coupon';
import { MemberCoupons } from './member-coupons';
import { MemberCredit } from './member-credit';
import { Link } from 'react-router';
import { StaffFinance } from '@pcb/contract/staff-finance';
import { StaffMember } from '@pcb/contract/staff-member';
import { QueryError } from '../../../components/query-error';
import { formatTime } from '../../../lib/date';
import { paths } from '../../../lib/paths';
import { canCall, useStaff } from '../../../lib/staff-session';
import { useMember } from '../api/get-member';
import { formatYuan } from '../../../lib/money';
import { memberStatusTags, memberTypeNames } from '../member-labels';
import { ManagerAssign } from './manager-assign';
import { MemberStatusModal } from './member-status-modal';
import { RevealField } from './reveal-field';

/** A member's details, masked until 「显示」; disable/enable and the account manager. */
export function MemberDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const staff = useStaff();
  const member = useMember(id);
  const [statusModal, setStatusModal] = useState<'active' | 'disabled' | null>(null);
  const detail = member.data;
  const canSetStatus = canCall(staff, StaffMember.SetStatus);
  const canAssign = canCall(staff, StaffMember.AssignManager);
  const readsLedger = canCall(staff, StaffFinance.GetMemberLedger);
  const readsCredit = canCall(staff, StaffCreditPayment.MemberCredit);
  const readsCoupons = canCall(staff, StaffCoupon.MemberCoupons);

  return (
    <Drawer
      title={detail ? `会员 #${detail.id}` : '会员详情'}
      size={640}
      open={id !== null}
      onClose={onClose}
      destroyOnHidden
      extra={
        detail &&
        canSetStatus &&
        (detail.status === 'disabled' ? (
          <Button onClick={() => setStatusModal('active')}>启用</Button>
        ) : (
          <Button danger onClick={() => setStatusModal('disabled')}>
            停用
          </Button>
        ))
      }
    >
      {member.isError && <QueryError error={member.error} onRetry={() => void member.refetch()} />}
      {member.isPending && id !== null && <Skeleton active paragraph={{ rows: 8 }} />}
      {detail && (
        <Space orientation="vertical" size={24} style={{ width: '100%' }}>
          <Descriptions column={1} bordered size="small" styles={{ label: { width: 120 } }}>
            <Descriptions.Item label="手机号">
              <RevealField memberId={detail.id} field="mobile" masked={detail.mobileMasked} />
            </Descriptions.Item>
            <Descriptions.Item label="姓名">
              <RevealField memberId={detail.id} field="realName" masked={detail.realNameMasked} />
            </Descriptions.Item>
            <Descriptions.Item label="用户名">{detail.userName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="公司">{detail.companyName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="类型">{memberTypeNames[detail.memberType]}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <Tag color={memberStatusTags[detail.status].color}>
                {memberStatusTags[detail.status].label}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label="等级">{detail.gradeName}</Descriptions.Item>
            <Descriptions.Item label="积分">{detail.points}</Descriptions.Item>
            <Descriptions.Item label="预存款余额">
              {formatYuan(detail.balance)}
              {readsLedger && (
                <Link to={`${paths.memberLedger}?member=${detail.id}`} style={{ marginLeft: 12 }}>
                  查看台账
                </Link>
              )}
            </Descriptions.Item>
            <Descriptions.Item label="会员协议">
              {detail.agreementVersion ? `已签署 ${detail.agreementVersion}` : '未签署'}
            </Descriptions.Item>
            <Descriptions.Item label="来源">{detail.source}</Descriptions.Item>
            <Descriptions.Item label="在线设备">{detail.activeSessions}</Descriptions.Item>
            <Descriptions.Item label="绑定微信">{detail.wechatBindings}</Descriptions.Item>
            <Descriptions.Item label="注册时间">{formatTime(detail.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="客户经理">
              {canAssign ? (
                <ManagerAssign memberId={detail.id} currentId={detail.manager?.id ?? null} />
              ) : (
                (detail.manager?.realName ?? '未分配')
              )}
            </Descriptions.Item>
          </Descriptions>
          {readsCredit && <MemberCredit memberId={detail.id} />}
          {readsCoupons && <MemberCoupons memberId={detail.id} />}
        </Space>
      )}
      {detail && statusModal && (
        <MemberStatusModal
          memberId={detail.id}
          status={statusModal}
          onClose={() => setStatusModal(null)}
        />
      )}
    </Drawer>
  );
}
