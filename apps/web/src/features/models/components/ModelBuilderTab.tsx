import { useState } from 'react';
import { Alert, Button, Card, Flex, InputNumber, List, Progress, Radio, Slider, Typography } from 'antd';
import { BuildOutlined, DownloadOutlined, LockOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  MODEL_BASE_HEIGHT,
  ModelBaseKinds,
  type CaseDetail,
  type ModelBaseKind,
  type ModelJob,
} from '@archway/contract';
import { getToken } from '../../../shared/auth/session.ts';
import { ApiError } from '../../../shared/request.ts';
import { ScanViews } from '../../../shared/report/ScanViews.tsx';
import { getModelJobQueryKey, isLive, useModelJob } from '../api/get-model-job.ts';
import { modelFileAddress, useModelDownloads } from '../api/download-model.ts';
import { useStartModel } from '../api/start-model.ts';
import { BaseKindIcon } from './BaseKindIcon.tsx';
import { formatBytes, formatPercent, unitLabel } from '../../../shared/i18n/format.ts';

/** The text of a refusal: the catalogue's translation, else the server's message. */
function refusalText(t: TFunction, error: unknown): string | null {
  if (!error) return null;
  if (error instanceof ApiError) return t(error.i18nKey, error.message);
  return t('models.builder.startFailed');
}

/**
 * "Model builder" (product §2): turns the case's open jaw scans into closed, printable models with a base. Choose the
 * base height (mm) and kind, build; the job is followed every second while it is queued or running; a finished build
 * lists its `…-model.stl` files for download and shows them in 3D; a failed one says why and offers to try again.
 * An encrypted case is refused, and the page says so before anyone presses the button.
 */
export function ModelBuilderTab({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation();
  const job = useModelJob(detail.id);
  const [height, setHeight] = useState<number | null>(null);
  const [kind, setKind] = useState<ModelBaseKind | null>(null);
  const queryClient = useQueryClient();
  // The POST answers the new job (queued): shown at once, so the bar appears even when the build is quick.
  const start = useStartModel({
    onSuccess: (answer) => queryClient.setQueryData(getModelJobQueryKey(detail.id), answer),
  });
  const downloads = useModelDownloads();
  const encrypted = detail.crypto === 1;
  const current: ModelJob | undefined = job.data;
  const live = isLive(current) || start.isPending;
  // The last build's choices until the person changes them.
  const baseHeight =
    height ?? (current && current.state !== 'none' ? current.baseHeight : MODEL_BASE_HEIGHT.default);
  const baseKind = kind ?? (current && current.state !== 'none' ? current.baseKind : 'horseshoe');

  const build = () => start.mutate({ caseId: detail.id, baseHeight, baseKind });
  // A failed re-read (a poll crossing a refresh) keeps the last answer on screen; only no answer at all is shown.
  const jobError = !current && job.error instanceof ApiError ? t(job.error.i18nKey, job.error.message) : null;
  const startError = refusalText(t, start.error);

  return (
    <Flex vertical gap={16} data-testid="model-builder">
      <Card size="small" title={t('models.builder.settings')}>
        <Flex vertical gap={16}>
          {encrypted && (
            <Alert
              type="warning"
              showIcon
              icon={<LockOutlined />}
              title={t('errors.model.encrypted')}
              description={t('models.builder.encryptedHint')}
              data-testid="model-encrypted"
            />
          )}
          <div>
            <Typography.Text strong id="base-height-label">
              {t('models.builder.baseHeight')}
            </Typography.Text>
            <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
              {t('models.builder.baseHeightHint')}
            </Typography.Paragraph>
            <Flex gap={16} align="center" wrap className="base-height-row">
              <Slider
                className="base-height-slider"
                min={MODEL_BASE_HEIGHT.min}
                max={MODEL_BASE_HEIGHT.max}
                value={baseHeight}
                onChange={(v) => setHeight(v)}
                disabled={encrypted || live}
                ariaLabelledByForHandle="base-height-label"
                marks={{ 1: '1', 5: '5', 10: '10', 20: '20', 30: '30' }}
              />
              <InputNumber
                min={MODEL_BASE_HEIGHT.min}
                max={MODEL_BASE_HEIGHT.max}
                step={0.5}
                value={baseHeight}
                onChange={(v) => v !== null && setHeight(Number(v))}
                disabled={encrypted || live}
                suffix={unitLabel('mm')}
                aria-labelledby="base-height-label"
                data-testid="model-base-height"
                style={{ width: 120 }}
              />
            </Flex>
          </div>
          <div>
            <Typography.Text strong>{t('models.builder.baseKind')}</Typography.Text>
            <Radio.Group
              className="base-kinds"
              value={baseKind}
              onChange={(e) => setKind(e.target.value as ModelBaseKind)}
              disabled={encrypted || live}
            >
              {ModelBaseKinds.map((k) => (
                <Radio.Button key={k} value={k} className="base-kind" data-testid={`model-kind-${k}`}>
                  <Flex align="center" gap={12}>
                    <BaseKindIcon kind={k} size={44} />
                    <Flex vertical>
                      <span className="base-kind-name">{t(`models.builder.kinds.${k}`)}</span>
                      <span className="base-kind-hint">{t(`models.builder.kinds.${k}Hint`)}</span>
                    </Flex>
                  </Flex>
                </Radio.Button>
              ))}
            </Radio.Group>
          </div>
          <Flex gap={12} align="center" wrap>
            <Button
              type="primary"
              icon={<BuildOutlined />}
              onClick={build}
              loading={start.isPending}
              disabled={encrypted || live}
              title={encrypted ? t('models.builder.encryptedHint') : undefined}
              data-testid="model-build"
            >
              {current?.state === 'done' ? t('models.builder.rebuild') : t('models.builder.build')}
            </Button>
            {current?.state === 'done' && (
              <Typography.Text type="secondary">{t('models.builder.rebuildHint')}</Typography.Text>
            )}
          </Flex>
          {startError && <Alert type="error" showIcon title={startError} data-testid="model-start-error" />}
        </Flex>
      </Card>

      {jobError && <Alert type="error" showIcon title={jobError} />}

      {current && isLive(current) && (
        <Card size="small" data-testid="model-progress" data-state={current.state}>
          <Typography.Text strong>
            {current.state === 'queued' ? t('models.builder.queued') : t('models.builder.running')}
          </Typography.Text>
          <Progress
            percent={Math.round(current.progress * 100)}
            status="active"
            aria-label={t('models.builder.progress')}
          />
          <Typography.Text type="secondary">{t('models.builder.progressHint')}</Typography.Text>
        </Card>
      )}

      {current?.state === 'failed' && (
        <Alert
          type="error"
          showIcon
          data-testid="model-failed"
          title={t('models.builder.failedTitle')}
          description={t(`errors.${current.errorKey ?? 'model.failed'}`, t('errors.model.failed'))}
          action={
            <Button
              icon={<ReloadOutlined />}
              onClick={build}
              disabled={encrypted || live}
              data-testid="model-retry"
            >
              {t('models.builder.retry')}
            </Button>
          }
        />
      )}

      {current?.state === 'done' && (
        <Card size="small" title={t('models.builder.result')} data-testid="model-result">
          <Flex vertical gap={12}>
            <List
              dataSource={current.files}
              rowKey="id"
              locale={{ emptyText: t('models.builder.noFiles') }}
              renderItem={(file) => {
                const percent = downloads.progress[file.id];
                return (
                  <List.Item
                    data-testid="model-file"
                    actions={[
                      <Button
                        key="download"
                        icon={<DownloadOutlined />}
                        loading={percent !== undefined}
                        onClick={() => void downloads.start(file)}
                        data-testid="model-download"
                      >
                        {percent !== undefined
                          ? formatPercent(percent / 100, 0)
                          : t('models.builder.download')}
                      </Button>,
                    ]}
                  >
                    <List.Item.Meta
                      title={<span className="model-file-name">{file.name}</span>}
                      description={formatBytes(file.size)}
                    />
                  </List.Item>
                );
              }}
            />
            {current.files.length > 0 && (
              <ScanViews
                files={current.files.map((f) => ({ ...f, url: modelFileAddress(f.url) }))}
                token={getToken()}
                label={t('models.builder.view')}
                testId="model-view"
              />
            )}
          </Flex>
        </Card>
      )}

      {current?.state === 'none' && !encrypted && (
        <Typography.Text type="secondary" data-testid="model-none">
          {t('models.builder.none')}
        </Typography.Text>
      )}
    </Flex>
  );
}
