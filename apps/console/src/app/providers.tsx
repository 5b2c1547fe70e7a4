import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { queryClient } from '../lib/api';
import { consoleTheme } from './theme';

dayjs.locale('zh-cn');

/** antd in Chinese (dates too), its message/modal hooks (App), TanStack Query. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider
      locale={zhCN}
      theme={consoleTheme}
      // 「登 录」 with antd's space reads as two words to a screen reader, and to tests.
      button={{ autoInsertSpace: false }}
    >
      <AntApp>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
