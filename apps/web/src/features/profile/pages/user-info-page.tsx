import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { List } from 'antd-mobile';
import { maskMobile, type MemberInfo } from '@pcb/contract';
import { memberTypeNames } from '@pcb/contract/member-info';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { ProfileGate } from '../components/profile-gate';
import { useContacts } from '../api/get-contacts';
import '../profile.css';

const Value = ({ children, testId }: { children: ReactNode; testId: string }) =>
  children ? (
    <span data-testid={testId}>{children}</span>
  ) : (
    <span className="profile-empty-value" data-testid={testId}>
      未填写
    </span>
  );

function OrderContactsSummary() {
  const contacts = useContacts();
  if (contacts.isPending) return <span className="profile-empty-value">加载中</span>;
  if (contacts.isError) return <span className="profile-empty-value">加载失败</span>;
  const count = contacts.data.length;
  return count > 0 ? (
    <span data-testid="user-info-order-contacts">{count} 位</span>
  ) : (
    <span className="profile-empty-value" data-testid="user-info-order-contacts">
      未添加
    </span>
  );
}

function InfoRows({ info }: { info: MemberInfo }) {
  const navigate = useNavigate();
  const go = (path: string) => () => void navigate(path);
  return (
    <>
      <List className="profile-card profile-list" header="基本资料">
        <List.Item
          extra={<Value testId="user-info-real-name">{info.realName}</Value>}
          onClick={go(paths.editContacts)}
          data-testid="user-info-edit-contacts"
        >
          真实姓名
        </List.Item>
        <List.Item
          extra={<Value testId="user-info-user-name">{info.userName}</Value>}
          onClick={go(paths.editContacts)}
        >
          用户名
        </List.Item>
        <List.Item
          extra={<Value testId="user-info-member-type">{memberTypeNames[info.memberType]}</Value>}
          onClick={go(paths.editContacts)}
        >
          会员类型
        </List.Item>
        <List.Item
          extra={<Value testId="user-info-company">{info.companyName}</Value>}
          description={
            info.certifiedAt ? <span className="profile-certified">已通过企业认证</span> : undefined
          }
          onClick={go(paths.editContacts)}
        >
          公司名称
        </List.Item>
      </List>
      <List className="profile-card profile-list" header="联系方式">
        <List.Item
          extra={<Value testId="user-info-mobile">{maskMobile(info.mobile)}</Value>}
          onClick={go(paths.editPhone)}
          data-testid="user-info-edit-phone"
        >
          手机号
        </List.Item>
        <List.Item
          extra={<Value testId="user-info-qq">{info.qq}</Value>}
          onClick={go(paths.editQQ)}
          data-testid="user-info-edit-qq"
        >
          QQ号
        </List.Item>
        <List.Item
          extra={
            <Value testId="user-info-contact-phone">
              {info.contactPhone && maskMobile(info.contactPhone)}
            </Value>
          }
          onClick={go(paths.editContactPhone)}
          data-testid="user-info-edit-contact-phone"
        >
          联系电话
        </List.Item>
        <List.Item
          extra={<OrderContactsSummary />}
          description="采购、技术、财务联系人"
          onClick={go(paths.editOrderContact)}
          data-testid="user-info-edit-order-contact"
        >
          订单联系人
        </List.Item>
      </List>
    </>
  );
}

/** /userInfo, 个人资料: the member's info, each row leading to its editor. */
export function UserInfoPage() {
  return (
    <div className="profile-page" data-testid="user-info-page">
      <PageHeader>个人资料</PageHeader>
      <ProfileGate>{(info) => <InfoRows info={info} />}</ProfileGate>
    </div>
  );
}
