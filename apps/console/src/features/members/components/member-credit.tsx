import { useState } from 'react';
import { Alert, App, Button, Descriptions, Skeleton, Space, Tag } from 'antd';
import {
  creditBlockedReason,
  creditStateLabels,
  StaffCreditPayment,
} from '@pcb/contract/member-credit-payment';
import { formatTime } from '../../../lib/date';
import { formatYuan } from '../../../lib/money';
import { canCall, useStaff } from '../../../lib/staff-session';
import { useResumeCredit } from '../api/credit-line';
import { useMemberCredit } from '../api/get-member-credit';
import { CreditLineModal, CreditSuspendModal } from './credit-line-modal';

/**
 * The member's 月结 line in the drawer: state, limit, used, unbilled, the bill to repay; finance
 * and admin change the limit and the billing day and suspend or resume it (decision 0066).
 */
export function MemberCredit({ memberId }: { memberId: number }) {
  const staff = useStaff();
  const { modal, message } = App.useApp();
  const credit = useMemberCredit(memberId, true);
  const resume = useResumeCredit();
  const [editing, setEditing] = useState<'line' | 'suspend' | null>(null);
  if (credit.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (!credit.data) return null;
  const { account, mobiles } = credit.data;
  const approved = account.state === 'approved';
  const canChange = approved && canCall(staff, StaffCreditPayment.ChangeLine);
  const blocked = approved ? creditBlockedReason(account) : null;

  const confirmResume = () =>
    modal.confirm({
      title: '恢复月结付款？',
      content: `暂停原因：${account.suspendReason ?? ''}`,
      okText: '恢复',
      onOk: async () => {
        await resume.mutateAsync({ memberId });
        void message.success('已恢复该会员的月结付款');
      },
    });

  return (
    <div data-testid="member-credit">
      <Descriptions
        title="月结"
        column={1}
        bordered
        size="small"
        styles={{ label: { width: 120 } }}
        extra={
          canChange && (
            <Space>
              <Button size="small" onClick={() => setEditing('line')}>
                调整额度
              </Button>
              {account.suspendedAt ? (
                <Button size="small" onClick={confirmResume} loading={resume.isPending}>
                  恢复月结
                </Button>
              ) : (
                <Button size="small" danger onClick={() => setEditing('suspend')}>
                  暂停月结
                </Button>
              )}
            </Space>
          )
        }
      >
        <Descriptions.Item label="状态">
          <Space size={4} wrap>
            <Tag
              color={account.overdue ? 'red' : account.state === 'approved' ? 'green' : 'default'}
            >
              {account.overdue ? '账单逾期' : creditStateLabels[account.state]}
            </Tag>
            {account.suspendedAt && <Tag color="orange">已暂停</Tag>}
            {account.overLimit > 0 && <Tag color="orange">超出额度</Tag>}
          </Space>
        </Descriptions.Item>
        {approved && (
          <>
            <Descriptions.Item label="额度 / 已用">
              {formatYuan(account.limit)} / {formatYuan(account.used)}
            </Descriptions.Item>
            <Descriptions.Item label="可用">{formatYuan(account.available)}</Descriptions.Item>
            <Descriptions.Item label="未出账">{formatYuan(account.unbilled)}</Descriptions.Item>
            <Descriptions.Item label="账单日">每月{account.billingDay}日</Descriptions.Item>
            <Descriptions.Item label="当前账单">
              {account.currentBill
                ? `${account.currentBill.period} 待还 ${formatYuan(account.currentBill.outstanding)}（${account.currentBill.dueDate} 到期）`
                : '无'}
            </Descriptions.Item>
            <Descriptions.Item label="授权手机">{mobiles.length} 个</Descriptions.Item>
            {account.suspendedAt && (
              <Descriptions.Item label="暂停">
                {formatTime(account.suspendedAt)}：{account.suspendReason}
              </Descriptions.Item>
            )}
          </>
        )}
      </Descriptions>
      {blocked && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 8 }}
          title={
            account.overLimit > 0 && !account.suspendedAt && !account.overdue
              ? `已用额度超出额度 ${formatYuan(account.overLimit)}：月结付款被拒绝，直至还款`
              : blocked
          }
          data-testid="member-credit-blocked"
        />
      )}
      {editing === 'line' && (
        <CreditLineModal memberId={memberId} account={account} onClose={() => setEditing(null)} />
      )}
      {editing === 'suspend' && (
        <CreditSuspendModal memberId={memberId} onClose={() => setEditing(null)} />
      )}
    </div>
  );
}
