import { useSyncExternalStore, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { queryClient } from '../lib/api';
import { consoleTheme } from './theme';

dayjs.locale('zh-cn');

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether the system asks for less motion (jsdom has no matchMedia: no). */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia?.(REDUCED_MOTION);
      query?.addEventListener('change', onChange);
      return () => query?.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.(REDUCED_MOTION).matches ?? false,
  );
}

const stillTheme = { ...consoleTheme, token: { ...consoleTheme.token, motion: false } };

/**
 * antd in Chinese (dates too), its message/modal hooks (App), TanStack Query. With the system's
 * reduced motion (WCAG 2.3.3), dialogs and drawers open without their zoom and slide.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const reducedMotion = usePrefersReducedMotion();
  return (
    <ConfigProvider
      locale={zhCN}
      theme={reducedMotion ? stillTheme : consoleTheme}
      // 「登 录」 with antd's space reads as two words to a screen reader, and to tests.
      button={{ autoInsertSpace: false }}
    >
      <AntApp>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
