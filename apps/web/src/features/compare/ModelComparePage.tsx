import { useState, type ReactNode } from 'react';
import {
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Progress,
  Result,
  Row,
  Segmented,
  Skeleton,
  Tag,
  Typography,
} from 'antd';
import { DownloadOutlined, SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { CompareCase, CompareJob } from '@archway/contract';
import { ApiError } from '../../shared/request.ts';
import { useViewportMode } from '../../shared/ui/use-viewport.ts';
import { useCompareDownload } from './api/download-compare-file.ts';
import { isRunning, useCompareJob } from './api/get-compare-job.ts';
import { useStartCompare } from './api/start-compare.ts';
import { CompareFigures } from './components/CompareFigures.tsx';
import { DeviationHistogram } from './components/DeviationHistogram.tsx';
import { DeviationMap } from './components/DeviationMap.tsx';
import { CasePicker, FilePicker } from './components/ScanPicker.tsx';

type Mode = 'cases' | 'files';

/** A labelled control of the form: one of a wrapping row, or (`stacked`) one under another. */
function Field({ label, children, stacked }: { label: ReactNode; children: ReactNode; stacked?: boolean }) {
  return (
    <Flex vertical gap={4} style={{ minWidth: 0, flex: stacked ? 'none' : '1 1 220px' }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {label}
      </Typography.Text>
      {children}
    </Flex>
  );
}

const SideTag = ({ side }: { side: 'A' | 'B' }) => (
  <Tag color={side === 'A' ? 'blue' : 'orange'} style={{ marginInlineEnd: 6 }}>
    {side}
  </Tag>
);

/** The scan chosen on one side: a case and one of its files (the first by default). */
interface Side {
  case: CompareCase | null;
  file: string | null;
}
const NONE: Side = { case: null, file: null };

/**
 * The model comparison (the first tab of `/caseCompare`): choose scan A (the reference) and scan B, from two cases
 * or two files of one case; the server aligns B onto A (coarse, then ICP) in a job, and the page shows the deviation
 * map (B coloured by its signed distance from A), its legend in mm, the histogram, mean / RMS / max, the alignment
 * and the coloured PLY to download. The job's id stays in the address (`?job=`): a reload shows it again.
 */
export default function ModelComparePage() {
  const { t } = useTranslation();
  const narrow = useViewportMode() === 'mobile';
  const [params, setParams] = useSearchParams();
  const jobId = params.get('job');
  const [mode, setMode] = useState<Mode>('cases');
  const [a, setA] = useState<Side>(NONE);
  const [b, setB] = useState<Side>(NONE);
  const start = useStartCompare();
  const job = useCompareJob(jobId);

  const setJob = (id: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id) next.set('job', id);
        else next.delete('job');
        return next;
      },
      { replace: false },
    );

  const pickCase = (set: (s: Side) => void, c: CompareCase | null, fileIndex = 0) =>
    set({ case: c, file: c?.files[fileIndex]?.id ?? c?.files[0]?.id ?? null });

  const fileA = a.file;
  const fileB = b.file;
  const same = !!fileA && fileA === fileB;
  const ready = !!fileA && !!fileB && !same;

  const compare = (files: { fileA: string; fileB: string }) =>
    start.mutate(files, { onSuccess: (started) => setJob(started.job) });

  const swap = () => {
    if (mode === 'files') {
      setA((s) => ({ ...s, file: b.file }));
      setB((s) => ({ ...s, file: a.file }));
    } else {
      setA(b);
      setB(a);
    }
  };

  const onMode = (m: Mode) => {
    setMode(m);
    if (m === 'files') {
      // One case: B takes the same case, its second scan.
      const c = a.case ?? b.case;
      setA({ case: c, file: c?.files[0]?.id ?? null });
      setB({ case: c, file: c?.files[1]?.id ?? null });
    }
  };

  const filesOfOne = a.case?.files ?? [];

  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }} data-testid="model-compare">
      <Card
        title={
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('compare.title')}
          </Typography.Title>
        }
      >
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t('compare.intro')}</Typography.Text>
          <Segmented<Mode>
            value={mode}
            onChange={onMode}
            vertical={narrow}
            options={[
              { value: 'cases', label: t('compare.modes.cases') },
              { value: 'files', label: t('compare.modes.files') },
            ]}
            data-testid="compare-source"
            style={{ alignSelf: narrow ? 'stretch' : 'flex-start' }}
          />
          {mode === 'cases' ? (
            <Flex gap={12} wrap>
              {(['A', 'B'] as const).map((side) => {
                const value = side === 'A' ? a : b;
                const set = side === 'A' ? setA : setB;
                return (
                  <Flex key={side} vertical gap={8} style={{ minWidth: 0, flex: '1 1 300px' }}>
                    <Field
                      stacked
                      label={
                        <>
                          <SideTag side={side} />
                          {t(side === 'A' ? 'compare.pick.caseA' : 'compare.pick.caseB')}
                        </>
                      }
                    >
                      <CasePicker
                        value={value.case}
                        onChange={(c) => pickCase(set, c)}
                        label={t(side === 'A' ? 'compare.pick.caseA' : 'compare.pick.caseB')}
                        testId={`compare-case-${side.toLowerCase()}`}
                      />
                    </Field>
                    <Field stacked label={t('compare.pick.file')}>
                      <FilePicker
                        files={value.case?.files ?? []}
                        value={value.file}
                        onChange={(file) => set({ ...value, file })}
                        label={t(side === 'A' ? 'compare.pick.fileA' : 'compare.pick.fileB')}
                        testId={`compare-file-${side.toLowerCase()}`}
                      />
                    </Field>
                  </Flex>
                );
              })}
            </Flex>
          ) : (
            <Flex gap={12} wrap>
              <Field label={t('compare.pick.case')}>
                <CasePicker
                  value={a.case}
                  onChange={(c) => {
                    pickCase(setA, c, 0);
                    pickCase(setB, c, 1);
                  }}
                  label={t('compare.pick.case')}
                  testId="compare-case-one"
                />
              </Field>
              <Field
                label={
                  <>
                    <SideTag side="A" />
                    {t('compare.pick.fileA')}
                  </>
                }
              >
                <FilePicker
                  files={filesOfOne}
                  value={a.file}
                  onChange={(file) => setA({ ...a, file })}
                  label={t('compare.pick.fileA')}
                  testId="compare-file-a"
                />
              </Field>
              <Field
                label={
                  <>
                    <SideTag side="B" />
                    {t('compare.pick.fileB')}
                  </>
                }
              >
                <FilePicker
                  files={filesOfOne}
                  value={b.file}
                  onChange={(file) => setB({ case: a.case, file })}
                  label={t('compare.pick.fileB')}
                  testId="compare-file-b"
                />
              </Field>
            </Flex>
          )}
          {mode === 'files' && a.case && filesOfOne.length < 2 && (
            <Typography.Text type="warning" data-testid="compare-one-file">
              {t('compare.pick.oneFile')}
            </Typography.Text>
          )}
          {same && (
            <Typography.Text type="warning" data-testid="compare-same">
              {t('errors.compare.sameScan')}
            </Typography.Text>
          )}
          <Flex gap={8} wrap>
            <Button
              type="primary"
              disabled={!ready}
              loading={start.isPending}
              onClick={() => fileA && fileB && compare({ fileA, fileB })}
              data-testid="compare-start"
              block={narrow}
            >
              {t('compare.start')}
            </Button>
            <Button
              icon={<SwapOutlined />}
              disabled={!a.file && !b.file}
              onClick={swap}
              data-testid="compare-swap"
              block={narrow}
            >
              {t('compare.swap')}
            </Button>
          </Flex>
        </Flex>
      </Card>
      {!jobId ? (
        <Card>
          <Empty
            description={
              <Flex vertical gap={4}>
                <Typography.Text strong>{t('compare.empty.title')}</Typography.Text>
                <Typography.Text type="secondary">{t('compare.empty.text')}</Typography.Text>
              </Flex>
            }
            data-testid="compare-empty"
          />
        </Card>
      ) : job.isError && !job.data ? (
        <Card>
          <Result
            status="warning"
            title={
              job.error instanceof ApiError
                ? t(job.error.i18nKey, { defaultValue: t('compare.loadFailed') })
                : t('compare.loadFailed')
            }
            extra={
              <Flex gap={8} justify="center" wrap>
                <Button onClick={() => void job.refetch()}>{t('common.retry')}</Button>
                <Button type="primary" onClick={() => setJob(null)}>
                  {t('compare.newComparison')}
                </Button>
              </Flex>
            }
            data-testid="compare-load-failed"
          />
        </Card>
      ) : !job.data ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : (
        <JobView
          job={job.data}
          retrying={start.isPending}
          onRetry={() => compare({ fileA: job.data.fileA.id, fileB: job.data.fileB.id })}
        />
      )}
    </Flex>
  );
}

/** The chosen comparison: its progress, its failure, or its results. */
function JobView({ job, retrying, onRetry }: { job: CompareJob; retrying: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  const download = useCompareDownload();
  const names = (
    <Flex gap={8} wrap align="center" data-testid="compare-names">
      <span>
        <SideTag side="A" />
        {job.fileA.name}
      </span>
      <Typography.Text type="secondary">{t('compare.versus')}</Typography.Text>
      <span>
        <SideTag side="B" />
        {job.fileB.name}
      </span>
    </Flex>
  );

  if (isRunning(job))
    return (
      <Card data-testid="compare-running">
        <Flex vertical gap={12} align="stretch" style={{ maxWidth: 560, margin: '0 auto' }}>
          {names}
          <Typography.Text>
            {t(job.state === 'queued' ? 'compare.queued' : 'compare.running')}
          </Typography.Text>
          <Progress
            percent={Math.round(Math.max(0, Math.min(1, job.progress)) * 100)}
            status="active"
            data-testid="compare-progress"
          />
        </Flex>
      </Card>
    );

  if (job.state === 'failed')
    return (
      <Card>
        <Result
          status="error"
          title={t('compare.failedTitle')}
          subTitle={
            <Flex vertical gap={8} align="center">
              <span data-testid="compare-error">
                {job.errorKey ? t(`errors.${job.errorKey}`) : t('errors.compare.failed')}
              </span>
              {names}
            </Flex>
          }
          extra={
            <Button type="primary" loading={retrying} onClick={onRetry} data-testid="compare-retry">
              {t('compare.tryAgain')}
            </Button>
          }
          data-testid="compare-failed"
        />
      </Card>
    );

  const range = job.range ?? 1;
  return (
    <Flex vertical gap={16} data-testid="compare-result">
      <Card size="small">{names}</Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          {job.file ? (
            <DeviationMap
              url={job.file.url}
              range={range}
              extra={
                <Button
                  icon={<DownloadOutlined />}
                  loading={download.busy}
                  onClick={() => job.file && void download.download(job.file)}
                  data-testid="compare-download"
                >
                  {t('compare.download')}
                </Button>
              }
            />
          ) : (
            <Card>
              <Empty description={t('compare.map.noFile')} />
            </Card>
          )}
        </Col>
        <Col xs={24} xl={10}>
          <Flex vertical gap={16}>
            <CompareFigures job={job} />
            {job.histogram && <DeviationHistogram histogram={job.histogram} range={range} />}
          </Flex>
        </Col>
      </Row>
    </Flex>
  );
}
