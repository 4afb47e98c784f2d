import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../shared/i18n/i18n.ts';
import { useSystem } from '../shared/system.ts';
import { bindToast } from '../shared/ui/toast.ts';
import { useViewportMode } from '../shared/ui/use-viewport.ts';
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

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';
const subscribeReducedMotion = (onChange: () => void) => {
  const query = window.matchMedia(reducedMotionQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
/** The person asked their system for less motion: Ant Design's transitions are switched off. */
const useReducedMotion = () =>
  useSyncExternalStore(subscribeReducedMotion, () => window.matchMedia(reducedMotionQuery).matches);

export function Providers({ locale, children }: { locale: Locale; children: ReactNode }) {
  const { theme } = useSystem();
  const reducedMotion = useReducedMotion();
  const antdTheme = skins[theme].antd;
  const mobile = useViewportMode() === 'mobile';
  // Task notices cover nothing of the frame: below the top bar at the right (drawers' headers are higher), and on a
  // phone at the bottom, above the floating help button, clear of the drawers' headers. A new case's toast takes the
  // other edge (RealtimeBridge): at the bottom, above the help button, and on a phone at the top, below the top bar.
  const notification = mobile
    ? ({ placement: 'bottom', bottom: 72, top: skins[theme].headerHeight + 8 } as const)
    : ({ placement: 'topRight', top: skins[theme].headerHeight + 12, bottom: 80 } as const);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ConfigProvider
          locale={locale}
          theme={reducedMotion ? { ...antdTheme, token: { ...antdTheme.token, motion: false } } : antdTheme}
        >
          <AntApp message={{ maxCount: 5 }} notification={notification}>
            <ToastBinder />
            {children}
          </AntApp>
        </ConfigProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
