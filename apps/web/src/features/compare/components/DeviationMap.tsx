import { useMemo } from 'react';
import { Alert, Card, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { getToken } from '../../../shared/auth/session.ts';
import { LazyMeshView, useMeshFiles } from '../../../shared/mesh-view/LazyMeshView.tsx';
import { useViewportMode } from '../../../shared/ui/use-viewport.ts';
import { compareFileAddress } from '../api/download-compare-file.ts';
import { DeviationLegend } from './DeviationLegend.tsx';

/**
 * The deviation map: scan B, moved onto A and coloured by its signed distance from A (the server's PLY, read in a
 * worker), in the 3D view with the colour scale over its corner.
 */
export function DeviationMap({ url, range, extra }: { url: string; range: number; extra?: React.ReactNode }) {
  const { t } = useTranslation();
  const narrow = useViewportMode() === 'mobile';
  const address = useMemo(() => compareFileAddress(url), [url]);
  const files = useMemo(() => [{ id: 'map', url: address }], [address]);
  const { scans, states } = useMeshFiles(files, getToken());
  const state = states.map ?? { status: 'loading' as const };
  const height = narrow ? 360 : 520;
  return (
    <Card
      title={t('compare.map.title')}
      extra={extra}
      styles={{ body: { padding: 8 } }}
      data-testid="compare-map"
      data-state={state.status}
    >
      {state.status === 'failed' ? (
        <Alert
          type="error"
          showIcon
          title={state.key ? t(`errors.${state.key}`) : t('compare.map.loadFailed')}
          data-testid="compare-map-failed"
        />
      ) : (
        <div style={{ position: 'relative' }}>
          <LazyMeshView
            scans={scans}
            label={t('compare.map.label')}
            height={height}
            overlay={<DeviationLegend range={range} compact={narrow} />}
            testId="compare-mesh"
          />
          {state.status !== 'ready' && (
            <Flex
              vertical
              align="center"
              justify="center"
              gap={8}
              style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }}
            >
              <Spin />
              <Typography.Text type="secondary">{t('compare.map.loading')}</Typography.Text>
            </Flex>
          )}
        </div>
      )}
      <Typography.Paragraph type="secondary" style={{ margin: '8px 4px 0', fontSize: 12 }}>
        {t('compare.map.hint')}
      </Typography.Paragraph>
    </Card>
  );
}
