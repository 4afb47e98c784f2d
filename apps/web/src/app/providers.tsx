import { useEffect, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../shared/i18n/i18n.ts';
import { useSystem } from '../shared/system.ts';
import { bindToast } from '../shared/ui/toast.ts';
import { skins } from './theme.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    // The request layer already renews on 401 and reports refusals.
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

/** Binds the themed message API so toasts follow the theme. */
function ToastBinder() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    bindToast(message);
    return () => bindToast(null);
  }, [message]);
  return null;
}

export function Providers({ locale, children }: { locale: Locale; children: ReactNode }) {
  const { theme } = useSystem();
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ConfigProvider locale={locale} theme={skins[theme].antd}>
          <AntApp message={{ maxCount: 5 }}>
            <ToastBinder />
            {children}
          </AntApp>
        </ConfigProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
