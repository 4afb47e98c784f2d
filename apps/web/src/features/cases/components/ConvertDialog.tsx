import { useState } from 'react';
import { Alert, Button, Flex, List, Modal, Progress, Radio, Skeleton, Typography } from 'antd';
import { DownloadOutlined, ReloadOutlined, SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Conversion, ConversionType, ConvertedFile } from '@archway/contract';
import {
  errorKeyOf,
  useConversion,
  useConvertedDownloads,
  useConversionOnOpen,
} from '../api/convert-case.ts';
import {
  CONVERT_CHOICES,
  RETIRED_FORMATS,
  canConvert,
  conversionPercent,
  conversionPhase,
  failureKey,
  isActive,
  isSelectable,
  needsFlush,
  progressStatus,
  type ConvertTarget,
} from '../utils/conversion.ts';
import { formatBytes, formatPercent } from '../../../shared/i18n/format.ts';

/** A converted file: its name, size and triangles, and its download button with the percentage while it runs. */
function FileRow({
  file,
  progress,
  onDownload,
}: {
  file: ConvertedFile;
  progress: number | null | undefined;
  onDownload: () => void;
}) {
  const { t } = useTranslation();
  const downloading = progress !== undefined;
  return (
    <List.Item
      data-testid="convert-file"
      actions={[
        <Button
          key="download"
          icon={<DownloadOutlined />}
          loading={downloading && progress === null}
          disabled={downloading}
          onClick={onDownload}
          aria-label={t('cases.convert.downloadFile', { name: file.name })}
          data-testid="convert-download"
          data-percent={progress ?? ''}
        >
          {downloading && progress !== null ? formatPercent(progress / 100, 0) : t('cases.actions.download')}
        </Button>,
      ]}
    >
      <List.Item.Meta
        title={
          <Typography.Text ellipsis={{ tooltip: file.name }} style={{ maxWidth: '100%' }}>
            {file.name}
          </Typography.Text>
        }
        description={t('cases.convert.fileInfo', {
          size: formatBytes(file.size),
          count: file.triangles,
        })}
      />
    </List.Item>
  );
}

/** The job: its state and progress bar; when done its files, when failed the catalogue's reason and Retry. */
function JobStatus({ job, retrying, onRetry }: { job: Conversion; retrying: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  const downloads = useConvertedDownloads();
  return (
    <Flex vertical gap={8} data-testid="convert-job" data-state={job.state}>
      <Flex justify="space-between" align="baseline" gap={8} wrap>
        <Typography.Text strong>{t(`cases.convert.types.${job.type}.name`)}</Typography.Text>
        <Typography.Text type="secondary" data-testid="convert-state">
          {t(`cases.convert.state.${job.state}`)}
        </Typography.Text>
      </Flex>
      <Progress
        percent={conversionPercent(job)}
        status={progressStatus(job.state)}
        aria-label={t('cases.convert.progress')}
        data-testid="convert-progress"
      />
      {job.state === 'failed' && (
        <Alert
          type="error"
          showIcon
          title={t(failureKey(job))}
          data-testid="convert-error"
          action={
            <Button
              size="small"
              icon={<ReloadOutlined />}
              loading={retrying}
              onClick={onRetry}
              data-testid="convert-retry"
            >
              {t('common.retry')}
            </Button>
          }
        />
      )}
      {job.state === 'done' &&
        (job.files.length === 0 ? (
          <Typography.Text type="secondary">{t('cases.convert.noFiles')}</Typography.Text>
        ) : (
          <List
            size="small"
            bordered
            dataSource={job.files}
            rowKey="id"
            data-testid="convert-files"
            renderItem={(file) => (
              <FileRow
                file={file}
                progress={downloads.progress[file.id]}
                onDownload={() => void downloads.start(file)}
              />
            )}
          />
        ))}
    </Flex>
  );
}

/**
 * The format conversion dialog (product §2): PLY texture (true colour, smaller), PLY colour (listed, no longer
 * available) or STL (larger, plaster colour); Convert starts the server's job, whose progress shows until the
 * converted files can be downloaded. A conversion already running for the case (else its latest finished one) is
 * shown when the dialog opens.
 */
export function ConvertDialog({
  caseId,
  patient,
  onClose,
}: {
  caseId: string;
  patient: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const opening = useConversionOnOpen(caseId);
  const [choice, setChoice] = useState<ConversionType | null>(null);
  const [started, setStarted] = useState<ConvertTarget | null>(null);
  const [picked, setPicked] = useState(false);
  const { query, restart } = useConversion(caseId, started);

  // The conversion running when the dialog opens (else the latest finished one) is shown as if started here.
  if (!picked && opening.isFetched) {
    setPicked(true);
    if (opening.data) {
      setChoice(opening.data);
      setStarted(opening.data);
    }
  }

  const refusal = restart.error ? errorKeyOf(restart.error) : query.isError ? errorKeyOf(query.error) : null;
  const phase = conversionPhase({ started, job: query.data, refusalKey: refusal });
  const busy = phase.kind === 'starting' || (phase.kind === 'job' && isActive(phase.job));

  const convert = () => {
    if (!choice || !isSelectable(choice)) return;
    restart.reset();
    if (needsFlush(choice, phase)) restart.mutate(choice);
    else if (started === choice) void query.refetch();
    else setStarted(choice);
  };

  return (
    <Modal
      open
      title={t('cases.convert.title')}
      onCancel={onClose}
      destroyOnHidden
      width={560}
      footer={
        <Flex gap={8} justify="flex-end" wrap>
          <Button onClick={onClose}>{t('common.close')}</Button>
          <Button
            type="primary"
            icon={<SwapOutlined />}
            disabled={!canConvert(choice, phase) || !picked}
            loading={phase.kind === 'starting' || restart.isPending}
            onClick={convert}
            data-testid="convert-start"
          >
            {t('cases.convert.start')}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={16} data-testid="convert-dialog">
        <Typography.Text type="secondary">{t('cases.convert.intro', { patient })}</Typography.Text>
        {!picked ? (
          <Skeleton active paragraph={{ rows: 3 }} title={false} />
        ) : (
          <Radio.Group
            value={choice}
            onChange={(e) => setChoice(e.target.value as ConversionType)}
            disabled={busy}
            aria-label={t('cases.convert.format')}
            data-testid="convert-format"
          >
            <Flex vertical gap={10}>
              {CONVERT_CHOICES.map((type) => (
                <Radio key={type} value={type} data-testid={`convert-type-${type}`}>
                  <Flex vertical gap={0}>
                    <Typography.Text strong>{t(`cases.convert.types.${type}.name`)}</Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                      {t(`cases.convert.types.${type}.description`)}
                    </Typography.Text>
                  </Flex>
                </Radio>
              ))}
            </Flex>
          </Radio.Group>
        )}
        {/* PLY colour can no longer be chosen (product §3): not offered, and said once why. */}
        {picked && RETIRED_FORMATS.length > 0 && (
          <Typography.Text type="secondary" style={{ fontSize: 13 }} data-testid="convert-retired">
            {t('cases.convert.unavailable')}
          </Typography.Text>
        )}
        {phase.kind === 'refused' && (
          <Alert type="error" showIcon title={t(phase.messageKey)} data-testid="convert-error" />
        )}
        {phase.kind === 'starting' && (
          <Flex vertical gap={8} data-testid="convert-job" data-state="starting">
            <Typography.Text type="secondary">{t('cases.convert.state.starting')}</Typography.Text>
            <Progress percent={0} status="active" showInfo={false} />
          </Flex>
        )}
        {phase.kind === 'job' && (
          <JobStatus
            job={phase.job}
            retrying={restart.isPending}
            onRetry={() => restart.mutate(phase.job.type as ConvertTarget)}
          />
        )}
      </Flex>
    </Modal>
  );
}
