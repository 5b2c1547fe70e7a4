import { useNavigate } from 'react-router';
import { documentNavigation } from '../lib/document-navigation';
import { paths } from '../lib/paths';
import {
  BellIcon,
  BuildingIcon,
  CalculatorIcon,
  ChatIcon,
  GearIcon,
  UsersIcon,
  LockIcon,
  ReceiptIcon,
  TicketIcon,
  MapPinIcon,
  UserIcon,
} from '../components/icons';
import { lazy, Suspense } from 'react';
import type { MemberEntry } from '../features/member/member-entry';
import { useConsult } from './consult-popup';

const UnreadCount = lazy(() => import('./unread-count'));
const RegisterGift = lazy(() => import('./register-gift'));

/**
 * The member centre's entry grid. Each feature that opens a section of the member centre
 * appends its tile here; the member page renders whatever this returns.
 */
export function useMemberEntries(): MemberEntry[] {
  const consult = useConsult();
  const navigate = useNavigate();
  return [
    {
      key: 'messages',
      title: '消息',
      icon: <BellIcon />,
      badge: (
        <Suspense fallback={null}>
          <UnreadCount testId="member-unread" />
        </Suspense>
      ),
      onClick: () => void navigate(paths.infoList),
    },
    {
      key: 'quote-pcb',
      title: 'PCB计价',
      icon: <CalculatorIcon />,
      onClick: () => documentNavigation.assign(paths.ordersPcb),
    },
    { key: 'consult', title: '咨询客服', icon: <ChatIcon />, onClick: consult.open },
    {
      key: 'profile',
      title: '个人资料',
      icon: <UserIcon />,
      onClick: () => void navigate(paths.userInfo),
    },
    {
      key: 'security',
      title: '账户安全',
      icon: <LockIcon />,
      onClick: () => void navigate(paths.accountSecurity),
    },
    {
      key: 'addresses',
      title: '收货地址',
      icon: <MapPinIcon />,
      onClick: () => void navigate(paths.shippingAddress),
    },
    {
      key: 'relations',
      title: '关联账号',
      icon: <UsersIcon />,
      onClick: () => void navigate(paths.associatedAccount),
    },
    {
      key: 'coupons',
      title: '优惠券',
      icon: <TicketIcon />,
      badge: (
        <Suspense fallback={null}>
          <RegisterGift testId="member-register-gift" />
        </Suspense>
      ),
      onClick: () => void navigate(paths.couponsInfo),
    },
    {
      key: 'invoices',
      title: '开票中心',
      icon: <ReceiptIcon />,
      onClick: () => void navigate(paths.makeInvoice),
    },
    {
      key: 'firm-certification',
      title: '企业认证',
      icon: <BuildingIcon />,
      onClick: () => void navigate(paths.firmCertification),
    },
    {
      key: 'credit',
      title: '月结账户',
      icon: <ReceiptIcon />,
      onClick: () => void navigate(paths.creditAccount),
    },
    {
      key: 'setting',
      title: '会员设置',
      icon: <GearIcon />,
      onClick: () => void navigate(paths.setting),
    },
  ];
}
