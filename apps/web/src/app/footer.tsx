import { useNavigate } from 'react-router';
import { useAppStore } from '../lib/app-store';
import { documentNavigation } from '../lib/document-navigation';
import { paths } from '../lib/paths';
import { CalculatorIcon, ChatIcon, HomeIcon, UserIcon } from '../components/icons';
import { useUnreadCount } from '../features/messages/api/get-unread-num';
import { UnreadBadge } from '../features/messages/components/unread-badge';
import { useConsult } from './consult-popup';
import { FOOTER_TABS } from './footer-tabs';

const tabs = [
  { index: FOOTER_TABS.home, key: 'home', title: '首页', icon: <HomeIcon /> },
  { index: FOOTER_TABS.quote, key: 'quote', title: '计价', icon: <CalculatorIcon /> },
  { index: FOOTER_TABS.consult, key: 'consult', title: '咨询', icon: <ChatIcon /> },
  { index: FOOTER_TABS.mine, key: 'mine', title: '我的', icon: <UserIcon /> },
];

/** The footer tab bar of spec section 2. */
export function Footer() {
  const navigate = useNavigate();
  const tabIndex = useAppStore((s) => s.tabIndex);
  const setTabIndex = useAppStore((s) => s.setTabIndex);
  const consult = useConsult();
  const unread = useUnreadCount().data?.total ?? 0;

  const select = (index: number) => {
    if (index === FOOTER_TABS.consult) {
      consult.open();
      return;
    }
    setTabIndex(index);
    if (index === FOOTER_TABS.home) void navigate(paths.home);
    else if (index === FOOTER_TABS.quote) documentNavigation.assign(paths.ordersPcb);
    else void navigate(paths.member);
  };

  return (
    <nav className="app-footer" aria-label="主导航" data-testid="footer">
      {tabs.map((tab) => {
        const active = tab.index === tabIndex;
        return (
          <button
            key={tab.key}
            type="button"
            className={`app-footer-tab${active ? ' app-footer-tab-active' : ''}`}
            aria-current={active ? 'page' : undefined}
            data-testid={`tab-${tab.key}`}
            onClick={() => select(tab.index)}
          >
            <span className="app-footer-icon">
              {tab.icon}
              {tab.key === 'mine' && unread > 0 && (
                <span className="app-footer-badge">
                  <UnreadBadge count={unread} testId="footer-unread" />
                </span>
              )}
            </span>
            <span className="app-footer-title">{tab.title}</span>
          </button>
        );
      })}
    </nav>
  );
}
