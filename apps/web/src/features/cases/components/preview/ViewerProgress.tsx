import { Flex, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { percentOf } from './scan-files.ts';
import type { ScanState, ViewerFile } from '../../../../shared/viewer-core/use-scans.ts';

/** The download's progress over the canvas: the bytes of every file so far, and of each when there are several. */
export function ViewerProgress({
  list,
  labels,
  received,
  total,
}: {
  list: readonly { file: ViewerFile; state: ScanState | undefined }[];
  labels: readonly string[];
  received: number;
  total: number;
}) {
  const { t } = useTranslation();
  return (
    <div className="scan-viewer-progress" data-testid="viewer-progress">
      <Typography.Text>{t('cases.viewer.loading')}</Typography.Text>
      <Progress
        percent={percentOf(received, total)}
        size="small"
        aria-label={t('cases.viewer.loading')}
        data-testid="viewer-progress-total"
      />
      {list.length > 1 &&
        list.map(({ file, state }, i) => (
          <Flex key={file.id} gap={8} align="center" className="scan-viewer-progress-file">
            <Typography.Text type="secondary" ellipsis className="scan-viewer-progress-name">
              {labels[i]}
            </Typography.Text>
            <Progress
              percent={
                state?.status === 'ready' ? 100 : percentOf(state?.received ?? 0, state?.total || file.size)
              }
              size="small"
              status={state?.status === 'failed' ? 'exception' : undefined}
              aria-label={labels[i]}
            />
          </Flex>
        ))}
    </div>
  );
}
