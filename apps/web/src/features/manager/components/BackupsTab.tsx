import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button, Card, Empty, Flex, Popover, Tag, Typography } from 'antd';
import {
  CheckCircleOutlined,
  CloseCircleOutlined,
  CloudUploadOutlined,
  InfoCircleOutlined,
  LoadingOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { toast } from '../../../shared/ui/toast.ts';
import { anyRunning, useBackups, type BackupList, type BackupRow } from '../api/backups.ts';
import { useStartBackup } from '../api/backups-start.ts';
import { durationOf, formatBytes, formatDuration } from '../utils/backup-format.ts';
import { numberFormat } from '../../../shared/i18n/format.ts';

/**
 * A failed backup's state: the reason shows on hover and on a tap or click (and Enter or Space), never on hover
 * only, so a phone or a keyboard reaches it too.
 */
function FailedTag({ row }: { row: BackupRow }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // A click or tap on the tag always shows the reason (after a hover the popover's own click would toggle it away
  // again: that close, in the same event, is ignored); leaving it, a click elsewhere or Escape hides it.
  const clicking = useRef(false);
  const show = () => {
    clicking.current = true;
    setTimeout(() => (clicking.current = false));
    setOpen(true);
  };
  const onOpenChange = (next: boolean) => {
    if (!next && clicking.current) return;
    setOpen(next);
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      if (open) setOpen(false);
      else show();
    }
  };
  return (
    <Popover
      trigger={['hover', 'click']}
      open={open}
      onOpenChange={onOpenChange}
      title={t('backups.whyFailed')}
      content={
        <Typography.Paragraph
          style={{ margin: 0, maxWidth: 320, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
          data-testid="backup-error"
        >
          {row.error?.trim() || t('backups.noReason')}
        </Typography.Paragraph>
      }
    >
      <Tag
        color="error"
        icon={<CloseCircleOutlined />}
        role="button"
        tabIndex={0}
        aria-expanded={open}
        aria-label={`${t('backups.states.failed')}: ${t('backups.failedHint')}`}
        onKeyDown={onKey}
        onClick={show}
        style={{ cursor: 'pointer', marginInlineEnd: 0 }}
        data-testid="backup-state"
        data-state="failed"
      >
        {t('backups.states.failed')} <InfoCircleOutlined />
      </Tag>
    </Popover>
  );
}

/** A backup's state as a tag: running (with a spinner), done, failed (with its reason). */
function StateTag({ row }: { row: BackupRow }) {
  const { t } = useTranslation();
  if (row.state === 'failed') return <FailedTag row={row} />;
  const running = row.state === 'running';
  return (
    <Tag
      color={running ? 'processing' : 'success'}
      icon={running ? <LoadingOutlined spin /> : <CheckCircleOutlined />}
      style={{ marginInlineEnd: 0 }}
      data-testid="backup-state"
      data-state={row.state}
    >
      {t(`backups.states.${row.state}`)}
    </Tag>
  );
}

/**
 * Tells when a backup this page saw running (or started) has finished: a toast with its size when done, or that it
 * failed. A backup already finished when the page opened is not announced. Answers `follow(name)`, for the backup
 * just started (it may be done before the list is read again).
 */
function useFinishedToasts(list: BackupList | undefined) {
  const { t, i18n } = useTranslation();
  const followed = useRef(new Set<string>());
  const latest = useRef(list);
  const check = useCallback(() => {
    for (const row of latest.current?.backups ?? []) {
      if (row.state === 'running') followed.current.add(row.name);
      else if (followed.current.delete(row.name)) {
        if (row.state === 'done') {
          const size = row.sizeBytes === null ? '–' : formatBytes(row.sizeBytes, i18n.language);
          toast(t('backups.doneToast', { size }), 'success');
        } else toast(t('backups.failedToast'), 'error');
      }
    }
  }, [t, i18n.language]);
  useEffect(() => {
    latest.current = list;
    check();
  }, [list, check]);
  return useCallback(
    (name: string) => {
      followed.current.add(name);
      check();
    },
    [check],
  );
}

/** Where backups go, the nightly schedule and how many are kept. */
function BackupSettings({ list }: { list: BackupList }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat({}, i18n.language);
  // The directory gets the most room: a path is long and only breaks where it must.
  const item = (label: string, value: ReactNode, testId: string, grow = 1) => (
    <Flex vertical gap={2} style={{ minWidth: 0, flex: `${grow} 1 200px` }} data-testid={testId}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {label}
      </Typography.Text>
      <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{value}</div>
    </Flex>
  );
  return (
    <Card size="small">
      <Flex gap={16} wrap>
        {item(
          t('backups.where'),
          <Typography.Text code copyable={{ text: list.directory }} style={{ wordBreak: 'break-all' }}>
            {list.directory}
          </Typography.Text>,
          'backups-directory',
          2,
        )}
        {item(
          t('backups.schedule'),
          list.schedule ? t('backups.scheduleAt', { time: list.schedule }) : t('backups.scheduleOff'),
          'backups-schedule',
        )}
        {item(
          t('backups.kept'),
          t('backups.keep', { count: list.keep, n: number.format(list.keep) }),
          'backups-keep',
        )}
      </Flex>
    </Card>
  );
}

/**
 * Backups (administrators, issue 30): where they go, the schedule and how many are kept; the last backups (started,
 * duration, size, rows and files, state, who started it); "Back up now", disabled with its reason while one runs.
 * While a backup runs the list reads itself again (api/backups.ts) until none does, and says when it finishes.
 */
export function BackupsTab() {
  const { t, i18n } = useTranslation();
  const list = useBackups();
  const follow = useFinishedToasts(list.data);
  const start = useStartBackup({
    onSuccess: (row) => {
      toast(t('backups.startedToast'), 'success');
      follow(row.name);
    },
  });
  const running = anyRunning(list.data);
  const empty = list.data?.backups.length === 0;
  const number = useMemo(() => numberFormat({}, i18n.language), [i18n.language]);
  const count = (key: 'backups.rows' | 'backups.files', n: number) =>
    t(key, { count: n, n: number.format(n) });

  const startButton = (testId: string) => (
    <Button
      type="primary"
      icon={<CloudUploadOutlined />}
      onClick={() => start.mutate(undefined)}
      loading={start.isPending}
      disabled={running || !list.data}
      data-testid={testId}
    >
      {t('backups.start')}
    </Button>
  );

  return (
    <Flex vertical gap={16} data-testid="backups" data-running={running}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('backups.intro')}
      </Typography.Paragraph>
      {list.data && <BackupSettings list={list.data} />}
      <DataTable<BackupRow>
        pageKey="manager.backups"
        rowKey="name"
        loading={list.isLoading}
        dataSource={list.data?.backups ?? []}
        data-testid="backups-table"
        toolbar={
          <>
            {/* An empty list offers it in its place instead. */}
            {!empty && startButton('backups-start')}
            <Button
              icon={<ReloadOutlined />}
              onClick={() => void list.refetch()}
              loading={list.isFetching && !running}
            >
              {t('common.refresh')}
            </Button>
            {running && (
              <Typography.Text type="secondary" data-testid="backups-running-note">
                {t('backups.runningNote')}
              </Typography.Text>
            )}
          </>
        }
        emptyText={
          <Empty description={t('backups.empty')} data-testid="backups-empty">
            <Flex vertical align="center" gap={8}>
              <Typography.Text type="secondary">{t('backups.emptyHint')}</Typography.Text>
              {startButton('backups-start-empty')}
            </Flex>
          </Empty>
        }
        columns={[
          {
            key: 'startedAt',
            title: t('backups.columns.started'),
            render: (r) => (
              <span style={{ whiteSpace: 'nowrap' }} title={r.startedAt}>
                {dayjs(r.startedAt).format('L LT')}
              </span>
            ),
          },
          {
            key: 'duration',
            title: t('backups.columns.duration'),
            render: (r) => {
              const ms = durationOf(r);
              return ms === null ? '–' : formatDuration(ms, i18n.language);
            },
          },
          {
            key: 'size',
            title: t('backups.columns.size'),
            align: 'right',
            render: (r) => (
              <span style={{ whiteSpace: 'nowrap' }} data-testid="backup-size">
                {r.sizeBytes === null ? '–' : formatBytes(r.sizeBytes, i18n.language)}
              </span>
            ),
          },
          {
            key: 'contents',
            title: t('backups.columns.contents'),
            render: (r) =>
              r.rows === null && r.files === null
                ? '–'
                : [
                    r.rows === null ? null : count('backups.rows', r.rows),
                    r.files === null ? null : count('backups.files', r.files),
                  ]
                    .filter(Boolean)
                    .join(' · '),
          },
          { key: 'state', title: t('backups.columns.state'), render: (r) => <StateTag row={r} /> },
          {
            key: 'trigger',
            title: t('backups.columns.trigger'),
            render: (r) => t(`backups.triggers.${r.trigger}`),
          },
          { key: 'name', title: t('backups.columns.name'), ellipsis: 260, defaultHidden: true },
        ]}
      />
    </Flex>
  );
}
