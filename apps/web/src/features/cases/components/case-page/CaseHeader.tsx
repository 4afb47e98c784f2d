import { useState, type ComponentType } from 'react';
import { Button, ConfigProvider, Dropdown, Flex, Modal, Progress, Tag, Tooltip, Typography } from 'antd';
import {
  ArrowLeftOutlined,
  ArrowRightOutlined,
  DeleteOutlined,
  DownloadOutlined,
  LinkOutlined,
  MoreOutlined,
  PrinterOutlined,
  ShareAltOutlined,
  StopOutlined,
  SwapOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NO_RECEIVER, type CaseDetail } from '@archway/contract';
import { toast } from '../../../../shared/ui/toast.ts';
import type { ViewportMode } from '../../../../shared/ui/use-viewport.ts';
import { useCancelCase } from '../../api/cancel-case.ts';
import { useCaseDownloads } from '../../api/download-case.ts';
import { getCaseConversionsQueryKey } from '../../api/get-case-conversions.ts';
import { useMoveToRecycle } from '../../api/move-to-recycle.ts';
import { useRestoreCases } from '../../api/restore-case.ts';
import { caseNumber } from '../../utils/case-number.ts';
import { caseTypeKey } from '../../utils/filters.ts';
import { ConvertDialog } from '../ConvertDialog.tsx';
import { ForwardDialog } from '../ForwardDialog.tsx';
import { PrintDialog } from '../PrintDialog.tsx';
import { isDestructivePageAction, pageActions, type PageAction } from './case-page-model.ts';
import { DueDate, LabProgress } from './case-status.tsx';
import { useCaseConfirm } from '../use-case-confirm.ts';
import { formatPercent } from '../../../../shared/i18n/format.ts';

const ICONS: Record<PageAction, ComponentType> = {
  download: DownloadOutlined,
  convert: SwapOutlined,
  print: PrinterOutlined,
  forward: ShareAltOutlined,
  share: LinkOutlined,
  cancel: StopOutlined,
  recycle: DeleteOutlined,
  restore: UndoOutlined,
};

/** The list a case page returns to when it was opened by address (no page of the app before it). */
export const CASE_LIST_PATH = '/case';

/** Back: to where the person came from (the list as it was), else the case box. */
export function useBack() {
  const navigate = useNavigate();
  return () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(CASE_LIST_PATH);
  };
}

type Dialog = 'convert' | 'print' | 'forward' | 'share' | null;

/**
 * The case page's header: patient, case number, sender → receiver, dentist, case type, the lab's progress, due date
 * and time left, and the actions the server's `actions` allow (download with its percentage, convert, print,
 * forward, share, cancel, recycle, restore). On a phone it is compact: the main action stays a button, the others
 * are in a "More" menu.
 */
export function CaseHeader({
  detail: d,
  mode,
  reduced,
  ShareLinks,
}: {
  detail: CaseDetail;
  mode: ViewportMode;
  reduced: boolean;
  /** The case's share links (features/models, passed in by the app). */
  ShareLinks: ComponentType<{ caseId: string }>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const back = useBack();
  const downloads = useCaseDownloads();
  const [dialog, setDialog] = useState<Dialog>(null);
  const cancel = useCancelCase({ onSuccess: () => toast(t('cases.messages.cancelled'), 'success') });
  const move = useMoveToRecycle({
    onSuccess: ({ moved }) => {
      toast(t('cases.messages.moved', { count: moved }), 'success');
      void navigate(CASE_LIST_PATH);
    },
  });
  const restore = useRestoreCases({
    onSuccess: ({ restored }) => toast(t('cases.messages.restored', { count: restored }), 'success'),
  });
  const progress = downloads.progress[d.id];
  const downloading = progress !== undefined;
  const mobile = mode === 'mobile';

  const ask = useCaseConfirm();

  const act = (action: PageAction) => {
    switch (action) {
      case 'download':
        return void downloads.start(d);
      case 'convert':
      case 'print':
      case 'forward':
      case 'share':
        return setDialog(action);
      case 'cancel':
        return ask.cancelCase(d.patientName, () => cancel.mutateAsync(d.id));
      case 'recycle':
        return ask.recycle(1, () => move.mutateAsync([d.id]));
      case 'restore':
        return d.recycleId ? restore.mutate([{ id: d.id, recycleId: d.recycleId }]) : undefined;
    }
  };

  const label = (action: PageAction) =>
    action === 'download' && downloading
      ? progress === null
        ? t('cases.actions.download')
        : formatPercent(progress / 100, 0)
      : t(`casePage.actions.${action}`);

  const actions = pageActions(d.actions);
  // A phone keeps the first action (download, else the first allowed) as a button, a tablet three; the rest are
  // under More.
  const shown = mobile ? 1 : mode === 'compact' ? 3 : actions.length;
  const inline = actions.slice(0, shown);
  const more = actions.slice(shown);

  const button = (action: PageAction) => {
    const Icon = ICONS[action];
    const icon =
      action === 'download' && downloading ? (
        <Progress
          type="circle"
          size={16}
          percent={progress ?? 0}
          showInfo={false}
          strokeWidth={14}
          data-testid="case-page-download-ring"
        />
      ) : (
        <Icon />
      );
    return (
      <Button
        key={action}
        icon={icon}
        danger={isDestructivePageAction(action)}
        type={action === 'download' ? 'primary' : 'default'}
        disabled={action === 'download' && downloading}
        onClick={() => act(action)}
        data-testid={`case-page-${action}`}
        data-percent={action === 'download' ? (progress ?? '') : undefined}
        // A phone shows the icon (and a download's percentage); its name is read out and shown on a long press.
        aria-label={mobile ? t(`casePage.actions.${action}`) : undefined}
        title={mobile ? t(`casePage.actions.${action}`) : undefined}
      >
        {mobile
          ? downloading && action === 'download' && progress != null
            ? formatPercent(progress / 100, 0)
            : null
          : label(action)}
      </Button>
    );
  };

  const moreMenu = more.length > 0 && (
    <Dropdown
      trigger={['click']}
      menu={{
        items: more.map((action) => {
          const Icon = ICONS[action];
          return {
            key: action,
            icon: <Icon />,
            danger: isDestructivePageAction(action),
            label: t(`casePage.actions.${action}`),
          };
        }),
        onClick: ({ key }) => act(key as PageAction),
      }}
    >
      <Button
        icon={<MoreOutlined />}
        data-testid="case-page-more"
        aria-label={mobile ? t('common.more') : undefined}
        title={mobile ? t('common.more') : undefined}
      >
        {mobile ? null : t('common.more')}
      </Button>
    </Dropdown>
  );

  const sender = d.sendName;
  const receiver = d.receviceId === NO_RECEIVER ? null : d.receviceName;
  const route = (
    <span className="case-page-route" data-testid="case-page-route">
      <span>{sender || '–'}</span>
      <ArrowRightOutlined aria-label={t('casePage.header.to')} className="case-page-route-arrow" />
      <span>{receiver || '–'}</span>
      {d.thirdPartyName && (
        <>
          <ArrowRightOutlined className="case-page-route-arrow" />
          <span>{d.thirdPartyName}</span>
        </>
      )}
      {d.forwardedByName && (
        <Typography.Text type="secondary">
          {' '}
          {t('cases.forward.via', { name: d.forwardedByName })}
        </Typography.Text>
      )}
    </span>
  );

  const patient = (
    <Typography.Title
      level={mobile ? 5 : 4}
      className="case-page-patient"
      style={{ margin: 0, minWidth: 0 }}
      ellipsis={{ tooltip: d.patientName }}
      data-testid="case-page-patient"
    >
      {d.patientName || '–'}
    </Typography.Title>
  );
  const number = (
    <Typography.Text
      type="secondary"
      className="case-page-number"
      copyable={{ text: caseNumber(d.id) }}
      data-testid="case-page-number"
    >
      {t('casePage.header.number', { number: caseNumber(d.id) })}
    </Typography.Text>
  );
  const cancelled = d.status === 5 && <Tag color="red">{t('cases.status.5')}</Tag>;
  const dentist = (
    <span data-testid="case-page-dentist">
      <Typography.Text type="secondary">{t('cases.columns.dentist')}: </Typography.Text>
      {d.dentist || '–'}
    </span>
  );
  const type = <span data-testid="case-page-type">{t(caseTypeKey(d.caseType))}</span>;
  const backButton = (
    <Tooltip title={t('casePage.back')}>
      <Button
        type="text"
        icon={<ArrowLeftOutlined />}
        onClick={back}
        aria-label={t('casePage.back')}
        data-testid="case-page-back"
        className="case-page-back"
      />
    </Tooltip>
  );

  // A phone's header is short, so the viewer below keeps most of the screen: the patient, the number and the
  // actions (icons) on one line, who/dentist/type on one shortened line, the progress and the due date on a third.
  const phoneHeader = (
    <>
      <Flex gap={4} align="center" style={{ minWidth: 0 }}>
        {backButton}
        <Flex gap={6} align="baseline" style={{ minWidth: 0, flex: 1 }}>
          {patient}
          {number}
          {cancelled}
        </Flex>
        {actions.length > 0 && (
          <Flex gap={6} flex="none" className="case-page-actions is-phone" data-testid="case-page-actions">
            {inline.map(button)}
            {moreMenu}
          </Flex>
        )}
      </Flex>
      <div
        className="case-page-meta is-line"
        title={[
          [sender || '–', receiver || '–', d.thirdPartyName].filter(Boolean).join(' → '),
          `${t('cases.columns.dentist')}: ${d.dentist || '–'}`,
          t(caseTypeKey(d.caseType)),
        ].join(' · ')}
      >
        {route}
        <span className="case-page-meta-dot"> · </span>
        {dentist}
        <span className="case-page-meta-dot"> · </span>
        {type}
      </div>
      <Flex gap={6} align="center" className="case-page-status">
        <ConfigProvider componentSize="small">
          <LabProgress detail={d} />
        </ConfigProvider>
        <DueDate due={d.dueDate} />
      </Flex>
    </>
  );

  return (
    <header className={`case-page-header${mobile ? ' is-phone' : ''}`} data-testid="case-page-header">
      {mobile ? (
        phoneHeader
      ) : (
        <Flex gap={8} align="flex-start">
          {backButton}
          <Flex vertical gap={6} style={{ minWidth: 0, flex: 1 }}>
            <Flex gap={8} align="baseline" wrap style={{ minWidth: 0 }}>
              {patient}
              {number}
              {cancelled}
            </Flex>
            <Flex gap={12} wrap align="center" className="case-page-meta">
              {route}
              {dentist}
              {type}
            </Flex>
            <Flex gap={8} wrap align="center">
              <LabProgress detail={d} />
              <DueDate due={d.dueDate} />
            </Flex>
          </Flex>
          <Flex gap={8} wrap justify="flex-end" className="case-page-actions" data-testid="case-page-actions">
            {inline.map(button)}
            {moreMenu}
          </Flex>
        </Flex>
      )}
      {dialog === 'convert' && (
        <ConvertDialog
          caseId={d.id}
          patient={d.patientName}
          onClose={() => {
            setDialog(null);
            // A conversion started there shows in the Details tab's files at once.
            void client.invalidateQueries({ queryKey: getCaseConversionsQueryKey(d.id) });
          }}
        />
      )}
      {dialog === 'print' && <PrintDialog caseId={d.id} reduced={reduced} onClose={() => setDialog(null)} />}
      {dialog === 'forward' && (
        <ForwardDialog caseId={d.id} patient={d.patientName} onClose={() => setDialog(null)} />
      )}
      {dialog === 'share' && (
        <Modal
          open
          title={t('casePage.share.title', { patient: d.patientName || '–' })}
          onCancel={() => setDialog(null)}
          footer={null}
          destroyOnHidden
          width={mobile ? '100vw' : 640}
          data-testid="case-page-share"
        >
          <Typography.Paragraph type="secondary">{t('casePage.share.intro')}</Typography.Paragraph>
          <ShareLinks caseId={d.id} />
        </Modal>
      )}
    </header>
  );
}
