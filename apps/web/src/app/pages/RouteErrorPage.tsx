import { Button, Result } from 'antd';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChunkLoadError } from '../../shared/lazy-with-timeout.ts';
import { NotFoundPage } from './NotFoundPage.tsx';

/** A page that failed: a chunk that did not load (retry) or an unexpected error. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const chunk = error instanceof ChunkLoadError;
  if (!chunk) console.error(error);
  return (
    <Result
      status={chunk ? 'warning' : 'error'}
      title={t(chunk ? 'chunk.failed' : 'errors.generic.application')}
      subTitle={t(chunk ? 'chunk.hint' : 'common.reloadHint')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
