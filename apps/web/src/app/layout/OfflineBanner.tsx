import { useEffect, useRef, useState } from 'react';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { request } from '../../shared/api-client.ts';
import { isOffline, useNetworkState } from '../../shared/network-status.ts';
import { queryClient } from '../providers.tsx';

/** While offline, the server is probed this often (the banner goes away by itself once it answers). */
export const OFFLINE_PROBE_MS = 10_000;

const refetchFailed = () =>
  queryClient.refetchQueries({ type: 'active', predicate: (q) => q.state.status === 'error' });

const probe = () =>
  request({ host: 'origin', path: '/healthz', auth: false, silent: true, raw: true, timeout: 4000 });

/**
 * The offline banner: shown while the browser says it is offline or the last request could not reach
 * the server, instead of a spinner that never ends. It probes the server every 10 s and on the
 * browser's `online` event; once the server answers, the banner goes and failed queries load again.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const network = useNetworkState();
  const offline = isOffline(network);
  const [checking, setChecking] = useState(false);

  const check = () => {
    setChecking(true);
    void probe()
      .then(refetchFailed)
      .catch(() => undefined)
      .finally(() => setChecking(false));
  };

  useEffect(() => {
    if (!offline) return;
    const timer = window.setInterval(() => void probe().catch(() => undefined), OFFLINE_PROBE_MS);
    return () => window.clearInterval(timer);
  }, [offline]);

  // Back online: reload what failed meanwhile.
  const wasOffline = useRef(offline);
  useEffect(() => {
    if (wasOffline.current && !offline) void refetchFailed();
    wasOffline.current = offline;
  }, [offline]);
  // When the browser comes back online, ask the server at once.
  useEffect(() => {
    if (network.browserOnline && !network.serverReachable) void probe().catch(() => undefined);
  }, [network.browserOnline, network.serverReachable]);

  if (!offline) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="offline-banner"
      style={{
        position: 'fixed',
        insetInline: 0,
        bottom: 0,
        zIndex: 1100,
        padding: 8,
        pointerEvents: 'none',
      }}
    >
      <Alert
        type="warning"
        showIcon
        title={t(network.browserOnline ? 'offline.serverTitle' : 'offline.title')}
        description={t('offline.hint')}
        action={
          <Button size="small" onClick={check} loading={checking}>
            {t('common.retry')}
          </Button>
        }
        style={{
          maxWidth: 640,
          margin: '0 auto',
          pointerEvents: 'auto',
          boxShadow: '0 6px 16px rgba(0,0,0,0.12)',
        }}
      />
    </div>
  );
}
