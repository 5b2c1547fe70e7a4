import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useAppStore } from '../lib/app-store';
import { clearToasts } from '../components/feedback';
import { FOOTER_TABS } from './footer-tabs';

// The sheet (antd-mobile Popup and its animation library) loads on the first open.
const ConsultSheet = lazy(() => import('./consult-sheet'));

interface ConsultControls {
  visible: boolean;
  open: () => void;
  close: () => void;
}

const ConsultContext = createContext<ConsultControls | null>(null);

export function useConsult(): ConsultControls {
  const controls = useContext(ConsultContext);
  if (!controls) throw new Error('useConsult must be used inside ConsultProvider');
  return controls;
}

/** Owns the consult popup, opened from the footer's 咨询 tab and from page entries. */
export function ConsultProvider({ children }: { children: ReactNode }) {
  const [visible, setVisible] = useState(false);
  const [opened, setOpened] = useState(false);
  const setTabIndex = useAppStore((s) => s.setTabIndex);

  const open = useCallback(() => {
    clearToasts();
    setTabIndex(FOOTER_TABS.consult);
    setOpened(true);
    setVisible(true);
  }, [setTabIndex]);
  // Spec section 2: closing the popup returns the selection to index 3 (我的), whatever the page.
  const close = useCallback(() => {
    setVisible(false);
    setTabIndex(FOOTER_TABS.mine);
  }, [setTabIndex]);

  const controls = useMemo(() => ({ visible, open, close }), [visible, open, close]);

  return (
    <ConsultContext.Provider value={controls}>
      {children}
      {opened && (
        <Suspense fallback={null}>
          <ConsultSheet visible={visible} onClose={close} />
        </Suspense>
      )}
    </ConsultContext.Provider>
  );
}
