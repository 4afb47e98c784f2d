import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { withChunkTimeout } from '../../shared/lazy-with-timeout.ts';

type Load = () => Promise<{ default: ComponentType }>;

/**
 * Stands in for a page whose code did not arrive (offline, or the connection dropped). The router keeps
 * a route's first lazy result for good, so the route resolves to this page rather than failing; it loads
 * the page's code again on "Try again" and by itself when the browser comes back online, then shows it.
 */
export function ChunkRetryPage({ load }: { load: Load }) {
  const { t } = useTranslation();
  const [Page, setPage] = useState<ComponentType | null>(null);
  const [loading, setLoading] = useState(false);

  const retry = useCallback(() => {
    setLoading(true);
    withChunkTimeout(load).then(
      (module) => setPage(() => module.default),
      () => setLoading(false),
    );
  }, [load]);

  useEffect(() => {
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [retry]);

  if (Page) return <Page />;
  return (
    <Result
      status="warning"
      title={t('chunk.failed')}
      subTitle={t('chunk.hint')}
      data-testid="chunk-retry"
      extra={
        <Button type="primary" onClick={retry} loading={loading}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}

/** A lazy route's loader that never fails: the page, or the retry page when its code did not arrive. */
export function pageOrRetry(load: Load) {
  return async (): Promise<{ Component: ComponentType }> => {
    try {
      return { Component: (await withChunkTimeout(load)).default };
    } catch (error) {
      console.warn('page code could not be loaded; offering a retry', error);
      return { Component: () => <ChunkRetryPage load={load} /> };
    }
  };
}
