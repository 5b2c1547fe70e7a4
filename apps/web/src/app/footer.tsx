import { useNavigate } from 'react-router';
import { useAppStore } from '../lib/app-store';
import { documentNavigation } from '../lib/document-navigation';
import { paths } from '../lib/paths';
import { CalculatorIcon, ChatIcon, HomeIcon, UserIcon } from '../components/icons';
import { lazy, Suspense } from 'react';
import { useIsLoggedIn } from '../lib/auth-session';
import { useConsult } from './consult-popup';
import { FOOTER_TABS } from './footer-tabs';

const UnreadCount = lazy(() => import('./unread-count'));

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
  const loggedIn = useIsLoggedIn();

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
              {tab.key === 'mine' && loggedIn && (
                <span className="app-footer-badge">
                  <Suspense fallback={null}>
                    <UnreadCount testId="footer-unread" />
                  </Suspense>
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
