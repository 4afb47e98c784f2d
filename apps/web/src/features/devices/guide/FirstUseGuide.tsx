import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Empty, Flex, Grid, Modal, Select, Skeleton, Steps, Typography } from 'antd';
import { ImportOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DeviceRow } from '@archway/contract';
import { BindDeviceForm } from '../components/BindDeviceForm.tsx';
import { ReceiverManager } from '../components/ReceiverManager.tsx';
import { useAllDevices } from '../api/get-devices.ts';
import { getReceiverRecords } from '../api/get-receiver-records.ts';
import { useReceivers } from '../api/get-receivers.ts';
import { CASE_TYPES, caseTypeKey, receiversFor } from '../utils/receivers.ts';
import {
  GUIDE_START_RECORDS,
  GUIDE_STEPS,
  guideButtons,
  nextIsPrimary,
  nextStep,
  ownReceiverRecords,
  previousStep,
  startStep,
  type GuideStep,
} from './guide-rules.ts';

interface FirstUseGuideProps {
  /** The signed-in user: receivers it chose itself count as its step 1 done. */
  userId?: string;
  onClose: () => void;
  /** Skip or finish: stores `skipNovice: yes` and closes. */
  onDismiss: () => void;
  dismissing: boolean;
  /** The scanner software's downloads (the updates module's list), offered on the last step; none on the eu host. */
  downloads?: ReactNode;
  /** Opens the web import (scan files from this computer), offered on the last step. */
  onWebImport?: () => void;
}

/** "C10000001 · Chair 1": how the guide names a device. */
const deviceLabel = (d: Pick<DeviceRow, 'number' | 'name'>) => `${d.number} · ${d.name}`;

/** Step 1: pick one of the devices whose data transfer this organization manages, then its receivers. */
function ReceiverStep({
  devices,
  device,
  onPick,
}: {
  devices: DeviceRow[];
  device: DeviceRow | null;
  onPick: (id: string) => void;
}) {
  const { t } = useTranslation();
  if (!device) return <Empty description={t('guide.noDevice')} />;
  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('guide.receiverIntro')}
      </Typography.Paragraph>
      <Flex align="center" gap={12} wrap>
        <Typography.Text strong>{t('guide.device')}</Typography.Text>
        <Select<string>
          value={device.id}
          onChange={onPick}
          style={{ minWidth: 0, flex: '1 1 240px', maxWidth: 420 }}
          options={devices.map((d) => ({ value: d.id, label: deviceLabel(d) }))}
          aria-label={t('guide.device')}
          data-testid="guide-device"
        />
      </Flex>
      <ReceiverManager key={device.id} device={device} primaryAdd={false} />
    </Flex>
  );
}

/**
 * Step 2: what happens to the chosen device's scans, true for that device and its receivers; without the studio
 * software yet, where to download it, or the web import instead.
 */
function StudioStep({
  device,
  downloads,
  onWebImport,
}: {
  device: DeviceRow | null;
  downloads?: ReactNode;
  onWebImport?: () => void;
}) {
  const { t } = useTranslation();
  const receivers = useReceivers(device?.id ?? '');
  const rows = device ? (receivers.data ?? []) : [];
  const routes = CASE_TYPES.map((code) => ({
    code,
    names: receiversFor(rows, code).map((r) => r.custName),
  })).filter((route) => route.names.length > 0);

  return (
    <Flex vertical gap={12} data-testid="guide-studio">
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('guide.studioTitle')}
      </Typography.Title>
      <Typography.Paragraph style={{ margin: 0 }}>{t('guide.studioText')}</Typography.Paragraph>
      <ol style={{ margin: 0, paddingInlineStart: 20 }}>
        <li>{t('guide.studioStep1')}</li>
        <li>{t('guide.studioStep2')}</li>
        <li>{t('guide.studioStep3')}</li>
      </ol>
      {!device ? (
        <Alert type="warning" showIcon title={t('guide.studioNoDevice')} />
      ) : receivers.isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : routes.length === 0 ? (
        <Alert
          type="warning"
          showIcon
          title={t('guide.studioNoReceiver', { device: deviceLabel(device) })}
          data-testid="guide-summary"
        />
      ) : (
        <Alert
          type="success"
          showIcon
          data-testid="guide-summary"
          title={t('guide.studioReady', { device: deviceLabel(device) })}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {routes.map((route) => (
                <li key={route.code}>
                  {t('guide.studioRoute', {
                    caseType: t(caseTypeKey(route.code)),
                    names: route.names.join(', '),
                  })}
                </li>
              ))}
            </ul>
          }
        />
      )}
      {(downloads || onWebImport) && (
        <Flex gap={12} wrap align="stretch">
          {downloads && (
            <Card
              size="small"
              title={t('guide.noSoftware')}
              style={{ flex: '1 1 280px', minWidth: 0 }}
              data-testid="guide-downloads"
            >
              <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
                {t('guide.downloadText')}
              </Typography.Paragraph>
              {downloads}
            </Card>
          )}
          {onWebImport && (
            <Card
              size="small"
              title={t('guide.webImportTitle')}
              style={{ flex: '1 1 280px', minWidth: 0 }}
              data-testid="guide-web-import"
            >
              <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
                {t('guide.webImportText')}
              </Typography.Paragraph>
              <Button icon={<ImportOutlined />} onClick={onWebImport} data-testid="guide-web-import-open">
                {t('guide.webImportButton')}
              </Button>
            </Card>
          )}
        </Flex>
      )}
    </Flex>
  );
}

/**
 * The first-use guide (product §4): bind device, set the data receiver, start scanning. It opens at
 * the first step not done yet; the body scrolls so the footer (skip, back, next) always shows.
 */
export function FirstUseGuide({
  userId,
  onClose,
  onDismiss,
  dismissing,
  downloads,
  onWebImport,
}: FirstUseGuideProps) {
  const { t } = useTranslation();
  // Below 768 px the steps stay in one row, titles under their numbers, so the step itself shows.
  const narrow = Grid.useBreakpoint().md === false;
  const usable = useAllDevices('usable');
  const records = useQuery({
    queryKey: ['guideStart', 'receiverRecords'],
    queryFn: () => getReceiverRecords(GUIDE_START_RECORDS),
    staleTime: 0,
  });
  const [chosenStep, setStep] = useState<GuideStep | null>(null);
  const [picked, setPicked] = useState<string | null>(null);

  // Devices whose data transfer this organization manages (the server's row actions say which).
  const devices = (usable.data ?? []).filter((d) => d.actions.includes('receivers'));
  const device = devices.find((d) => d.id === picked) ?? devices[0] ?? null;
  const loaded = usable.data !== undefined && (records.data !== undefined || records.isError);
  const step: GuideStep | null =
    chosenStep ??
    (loaded ? startStep(devices.length, ownReceiverRecords(records.data?.records ?? [], userId)) : null);
  const buttons = guideButtons(step ?? 0);

  return (
    <Modal
      open
      title={t('guide.title')}
      onCancel={onClose}
      mask={{ closable: false }}
      width={920}
      style={{ top: 24, paddingBottom: 0 }}
      styles={{ body: { maxHeight: 'calc(100dvh - 190px)', overflowY: 'auto', overflowX: 'hidden' } }}
      destroyOnHidden
      rootClassName="first-use-guide"
      footer={
        <Flex justify="space-between" align="center" gap={8} wrap data-testid="guide-footer">
          <Button onClick={onDismiss} loading={dismissing && !buttons.finish} data-testid="guide-skip">
            {t('guide.skip')}
          </Button>
          <Flex gap={8}>
            {step !== null && buttons.back && (
              <Button onClick={() => setStep(previousStep(step))} data-testid="guide-back">
                {t('guide.back')}
              </Button>
            )}
            {step !== null && buttons.next && (
              <Button
                type={nextIsPrimary(step) ? 'primary' : 'default'}
                onClick={() => setStep(nextStep(step))}
                data-testid="guide-next"
              >
                {t('guide.next')}
              </Button>
            )}
            {step !== null && buttons.finish && (
              <Button type="primary" onClick={onDismiss} loading={dismissing} data-testid="guide-finish">
                {t('guide.finish')}
              </Button>
            )}
          </Flex>
        </Flex>
      }
    >
      {step === null ? (
        <Skeleton active />
      ) : (
        <>
          <Steps
            current={step}
            size="small"
            responsive={false}
            titlePlacement={narrow ? 'vertical' : 'horizontal'}
            style={{ marginBottom: narrow ? 16 : 24 }}
            items={GUIDE_STEPS.map((name) => ({ title: t(`guide.steps.${name}`) }))}
          />
          <div data-testid={`guide-step-${step}`}>
            {step === 0 && (
              <Flex vertical gap={16}>
                <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                  {t('guide.bindIntro')}
                </Typography.Paragraph>
                <BindDeviceForm
                  name="guideBind"
                  onBound={(bound) => {
                    setPicked(bound.id);
                    setStep(1);
                  }}
                />
              </Flex>
            )}
            {step === 1 && <ReceiverStep devices={devices} device={device} onPick={setPicked} />}
            {step === 2 && <StudioStep device={device} downloads={downloads} onWebImport={onWebImport} />}
          </div>
        </>
      )}
    </Modal>
  );
}
