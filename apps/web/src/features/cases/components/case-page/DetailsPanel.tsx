import { Alert, Button, Descriptions, Divider, Empty, Flex, List, Progress, Tag, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CaseDetail, Conversion } from '@archway/contract';
import { CaseDesignSection } from '../../../../shared/tooth-chart/CaseDesignSection.tsx';
import { useCaseConversions } from '../../api/get-case-conversions.ts';
import { conversionPercent, failureKey, isActive, progressStatus } from '../../utils/conversion.ts';
import { localDateTime } from '../../utils/dates.ts';
import { QUADRANTS, teethByQuadrant } from '../../utils/print.ts';
import { FilledOrderForms } from '../FilledOrderForms.tsx';
import { useCaseFileDownloads } from './use-file-downloads.ts';
import { formatBytes, formatPercent } from '../../../../shared/i18n/format.ts';

const dash = (value: string | null | undefined) => (value ? value : '–');

interface ListedFile {
  id: string;
  name: string;
  size: number;
  format: string;
  url?: string;
}

/** A file: its name, format, size and time, and its own download (with the percentage while it runs). */
function FileRow({
  file,
  time,
  progress,
  canDownload,
  onDownload,
}: {
  file: ListedFile;
  time: string | null;
  progress: number | null | undefined;
  canDownload: boolean;
  onDownload: () => void;
}) {
  const { t } = useTranslation();
  const downloading = progress !== undefined;
  return (
    <List.Item
      data-testid="case-file"
      actions={
        canDownload
          ? [
              <Button
                key="download"
                size="small"
                icon={<DownloadOutlined />}
                loading={downloading && progress === null}
                disabled={downloading}
                onClick={onDownload}
                aria-label={t('casePage.files.download', { name: file.name })}
                data-testid="case-file-download"
                data-percent={progress ?? ''}
              >
                {downloading && progress !== null ? formatPercent(progress / 100, 0) : null}
              </Button>,
            ]
          : []
      }
    >
      <List.Item.Meta
        title={
          <Typography.Text ellipsis={{ tooltip: file.name }} style={{ maxWidth: '100%' }}>
            {file.name}
          </Typography.Text>
        }
        description={
          <Flex gap={6} wrap align="center">
            <Tag bordered={false}>{file.format.toUpperCase() || '–'}</Tag>
            <span>{formatBytes(file.size)}</span>
            {time && <span>{time}</span>}
          </Flex>
        }
      />
    </List.Item>
  );
}

/** A conversion: its format, state (live while it runs), the reason it failed, and once done its files. */
function ConversionBlock({
  job,
  progress,
  canDownload,
  onDownload,
}: {
  job: Conversion;
  progress: Record<string, number | null>;
  canDownload: boolean;
  onDownload: (file: ListedFile) => void;
}) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={6} data-testid="case-conversion" data-state={job.state} data-type={job.type}>
      <Flex justify="space-between" align="baseline" gap={8} wrap>
        <Typography.Text strong>{t(`cases.convert.types.${job.type}.name`)}</Typography.Text>
        <Tag
          color={
            job.state === 'done'
              ? 'green'
              : job.state === 'failed'
                ? 'red'
                : job.state === 'running'
                  ? 'blue'
                  : 'default'
          }
          data-testid="case-conversion-state"
        >
          {t(`cases.convert.state.${job.state}`)}
        </Tag>
      </Flex>
      {isActive(job) && (
        <Progress
          percent={conversionPercent(job)}
          status={progressStatus(job.state)}
          size="small"
          aria-label={t(`cases.convert.types.${job.type}.name`)}
        />
      )}
      {job.state === 'failed' && <Alert type="error" showIcon title={t(failureKey(job))} />}
      {job.state === 'done' && job.files.length > 0 && (
        <List
          size="small"
          dataSource={job.files}
          rowKey="id"
          renderItem={(file) => (
            <FileRow
              file={file}
              time={localDateTime(job.finishedAt)}
              progress={progress[file.id]}
              canDownload={canDownload}
              onDownload={() => onDownload(file)}
            />
          )}
        />
      )}
    </Flex>
  );
}

/** The case's files: the originals, each conversion with its state and files, each file with its own download. */
function FilesSection({ detail }: { detail: CaseDetail }) {
  const { t } = useTranslation();
  const canConvert = detail.actions.includes('convert');
  const canDownload = detail.actions.includes('download');
  const conversions = useCaseConversions(detail.id, canConvert);
  const downloads = useCaseFileDownloads(detail.id);
  const jobs = conversions.data ?? [];
  const converted = new Set(jobs.flatMap((job) => job.files.map((f) => f.id)));
  const originals = detail.files.filter((f) => !converted.has(f.id));
  const uploaded =
    localDateTime(detail.lastUpload) ?? localDateTime(detail.firstUpload) ?? localDateTime(detail.time);
  return (
    <section data-testid="case-files">
      <Typography.Title level={5} className="case-page-section-title">
        {t('casePage.files.originals')}
      </Typography.Title>
      {originals.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('casePage.files.none')} />
      ) : (
        <List
          size="small"
          dataSource={originals}
          rowKey="id"
          renderItem={(file) => (
            <FileRow
              file={file}
              time={uploaded}
              progress={downloads.progress[file.id]}
              canDownload={canDownload}
              onDownload={() => void downloads.start(file)}
            />
          )}
        />
      )}
      {canConvert && (
        <>
          <Typography.Title level={5} className="case-page-section-title">
            {t('casePage.files.conversions')}
          </Typography.Title>
          {jobs.length === 0 ? (
            <Typography.Text type="secondary" data-testid="case-conversions-none">
              {conversions.isPending ? '…' : t('casePage.files.noConversions')}
            </Typography.Text>
          ) : (
            <Flex vertical gap={12}>
              {jobs.map((job) => (
                <ConversionBlock
                  key={job.id}
                  job={job}
                  progress={downloads.progress}
                  canDownload={canDownload}
                  onDownload={(file) => void downloads.start(file)}
                />
              ))}
            </Flex>
          )}
        </>
      )}
    </section>
  );
}

/** The order: what the sender filled in (the case's fields, the order forms), the FDI teeth and the design. */
function OrderSection({ detail: d }: { detail: CaseDetail }) {
  const { t } = useTranslation();
  const sex = d.sex === 'male' || d.sex === 'female' ? t(`cases.detail.${d.sex}`) : null;
  const jaws = [d.upperJaw && t('cases.detail.upperJaw'), d.lowerJaw && t('cases.detail.lowerJaw')]
    .filter(Boolean)
    .join(', ');
  const groups = teethByQuadrant(d.teeth);
  const teeth = QUADRANTS.filter((q) => groups[q].length > 0);
  const items = [
    {
      key: 'patient',
      label: t('cases.columns.patient'),
      children: [d.patientName, sex, d.age !== null ? t('cases.detail.ageValue', { count: d.age }) : null]
        .filter(Boolean)
        .join(' · '),
    },
    { key: 'clinic', label: t('cases.detail.clinic'), children: dash(d.clinic) },
    { key: 'phone', label: t('cases.detail.phone'), children: dash(d.phone) },
    {
      key: 'teeth',
      label: t('cases.detail.teeth'),
      children:
        teeth.length === 0 ? (
          '–'
        ) : (
          <Flex vertical gap={2} data-testid="case-page-teeth">
            {teeth.map((q) => (
              <span key={q}>
                <Typography.Text type="secondary">{t(`cases.quadrants.${q}`)}: </Typography.Text>
                {groups[q].join(', ')}
              </span>
            ))}
          </Flex>
        ),
    },
    { key: 'jaws', label: t('cases.detail.jaws'), children: dash(jaws) },
    { key: 'restoration', label: t('cases.detail.restorationType'), children: dash(d.restorationType) },
    { key: 'material', label: t('cases.detail.material'), children: dash(d.material) },
    { key: 'color', label: t('cases.detail.toothColor'), children: dash(d.toothColor) },
    { key: 'implant', label: t('cases.detail.implantType'), children: dash(d.implantType) },
    { key: 'design', label: t('cases.detail.designRequirement'), children: dash(d.designRequirement) },
    { key: 'device', label: t('cases.detail.deviceNumber'), children: dash(d.deviceNumber) },
    { key: 'software', label: t('cases.detail.softwareVersion'), children: dash(d.softwareVersion) },
    { key: 'downloads', label: t('cases.detail.downloadCount'), children: d.downloadCount },
  ];
  return (
    <section data-testid="case-order">
      <Typography.Title level={5} className="case-page-section-title">
        {t('casePage.order.title')}
      </Typography.Title>
      <Typography.Text type="secondary">{t('cases.detail.remark')}</Typography.Text>
      <Typography.Paragraph className="case-page-remark" data-testid="case-page-remark">
        {d.remark || '–'}
      </Typography.Paragraph>
      <Descriptions size="small" column={1} bordered items={items} styles={{ label: { width: '40%' } }} />
      <FilledOrderForms forms={d.orderForms} />
      <Divider style={{ margin: '12px 0' }} />
      <CaseDesignSection caseId={d.id} />
    </section>
  );
}

/** The Details tab: files first (what a lab reaches for), then the order. */
export function DetailsPanel({ detail }: { detail: CaseDetail }) {
  return (
    <Flex vertical gap={16} data-testid="case-details">
      <FilesSection detail={detail} />
      <OrderSection detail={detail} />
    </Flex>
  );
}
