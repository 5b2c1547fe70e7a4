import type { ReactNode } from 'react';
import type { OrderKind } from '@pcb/contract/order-life';
import { Link, useNavigate } from 'react-router';
import { Button, Skeleton } from 'antd-mobile';
import { useIsLoggedIn } from '../../../lib/auth-session';
import { documentNavigation } from '../../../lib/document-navigation';
import { memberDisplayName, useMemberInfo } from '../../../lib/member-info';
import { paths } from '../../../lib/paths';
import { quoteLink } from '../../../lib/quote-link';
import { REVIEW_PROMISE } from '../../../lib/review-promise';
import { CalculatorIcon, UsersIcon } from '../../../components/icons';
import { ChevronRightIcon, ClockIcon, TruckIcon, UserCircleIcon } from '../components/home-icons';
import '../home.css';

interface QuoteEntry {
  key: OrderKind;
  title: string;
  desc: string;
}

// Each opens the quote page (its own entry: a full page load) on its tab.
const quoteEntries: QuoteEntry[] = [
  { key: 'pcb', title: 'PCB 计价', desc: '1-12层 · 在线实时报价' },
  { key: 'smt', title: 'SMT 贴片', desc: '贴片加工 · 元件代购' },
  { key: 'stencil', title: '钢网', desc: '激光钢网 · 多种尺寸' },
];

const highlights = [
  { icon: <CalculatorIcon />, title: '在线计价', desc: '选好参数即出价' },
  { icon: <ClockIcon />, title: '工程审核', desc: REVIEW_PROMISE },
  { icon: <TruckIcon />, title: '进度可查', desc: '生产物流全程跟踪' },
  { icon: <UsersIcon />, title: '专属客服', desc: '一对一客户经理' },
];

function MemberShortcut() {
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const { data: memberInfo } = useMemberInfo();

  if (!loggedIn) {
    return (
      <section className="home-card home-cta" data-testid="home-cta">
        <div className="home-cta-text">
          <div className="home-cta-title">登录会员中心</div>
          <div className="home-cta-desc">查看订单进度、优惠券与专属客户经理</div>
        </div>
        <div className="home-cta-actions">
          <Button
            color="primary"
            shape="rounded"
            size="small"
            onClick={() => void navigate(paths.login)}
            data-testid="home-login"
          >
            登录
          </Button>
          <Button
            color="primary"
            fill="outline"
            shape="rounded"
            size="small"
            onClick={() => void navigate(paths.register)}
            data-testid="home-register"
          >
            注册
          </Button>
        </div>
      </section>
    );
  }

  return (
    <Link to={paths.member} className="home-card home-member" data-testid="home-member-shortcut">
      <UserCircleIcon className="home-member-icon" />
      <div className="home-member-text">
        <div className="home-member-title">我的会员中心</div>
        {memberInfo ? (
          <div className="home-member-name" data-testid="home-member-name">
            {memberDisplayName(memberInfo)}，欢迎回来
          </div>
        ) : (
          <Skeleton.Paragraph lineCount={1} animated className="home-member-skeleton" />
        )}
      </div>
      <ChevronRightIcon className="home-member-arrow" />
    </Link>
  );
}

/** `/`: the public home page. */
export function HomePage({
  announcement,
  latestOrders,
  news,
}: {
  announcement?: ReactNode;
  /** The member's newest order of each kind, when logged in. */
  latestOrders?: ReactNode;
  /** The newest news titles. */
  news?: ReactNode;
}) {
  return (
    <div className="home-page" data-testid="home-page">
      <header className="home-hero">
        <h1 className="home-hero-title">PCB 打样 · SMT 贴片 · 钢网</h1>
        <p className="home-hero-sub">在线计价 · 快速交付 · 品质保障</p>
      </header>
      {announcement}
      <section className="home-card home-quotes" aria-label="快速计价">
        <h2 className="home-card-title">快速计价</h2>
        <div className="home-quote-list">
          {quoteEntries.map((entry) => (
            <button
              key={entry.key}
              type="button"
              className="home-quote"
              onClick={() => documentNavigation.assign(quoteLink(entry.key))}
              data-testid={`home-quote-${entry.key}`}
            >
              <span className="home-quote-title">{entry.title}</span>
              <span className="home-quote-desc">{entry.desc}</span>
              <span className="home-quote-action">立即计价</span>
            </button>
          ))}
        </div>
      </section>
      <MemberShortcut />
      {latestOrders}
      {news}
      <section className="home-card" aria-label="服务特色">
        <div className="home-highlights">
          {highlights.map((h) => (
            <div key={h.title} className="home-highlight">
              <span className="home-highlight-icon">{h.icon}</span>
              <span className="home-highlight-title">{h.title}</span>
              <span className="home-highlight-desc">{h.desc}</span>
            </div>
          ))}
        </div>
      </section>
    </div>
  );
}
