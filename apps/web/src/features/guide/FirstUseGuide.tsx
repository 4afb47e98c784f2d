import { useState } from 'react';
import { Alert, Button, Empty, Flex, Modal, Select, Steps, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BindDeviceForm } from '../../shared/devices/BindDeviceForm.tsx';
import { ReceiverManager, type RoutedDevice } from '../../shared/devices/ReceiverManager.tsx';
import { deviceKeys, listAllDevices } from '../../shared/devices/api.ts';
import { GUIDE_STEPS, guideButtons, nextStep, previousStep, type GuideStep } from './guide-rules.ts';

interface FirstUseGuideProps {
  userId: string;
  onClose: () => void;
  /** Skip or finish: stores `skipNovice: yes` and closes. */
  onDismiss: () => void;
  dismissing: boolean;
}

/** Step 1: pick one of the devices this organization may route, then its receivers. */
function ReceiverStep({ userId, bound }: { userId: string; bound: RoutedDevice | null }) {
  const { t } = useTranslation();
  const usable = useQuery({
    queryKey: deviceKeys.everything('usable'),
    queryFn: () => listAllDevices('usable'),
  });
  const routable = (usable.data ?? []).filter((d) => d.role === 'owner' || d.role === 'authorized');
  const [picked, setPicked] = useState<string | null>(bound?.id ?? null);
  const device = routable.find((d) => d.id === picked) ?? routable[0] ?? null;

  if (!usable.isLoading && routable.length === 0) {
    return <Empty description={t('guide.noDevice')} />;
  }
  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('guide.receiverIntro')}
      </Typography.Paragraph>
      <Flex align="center" gap={12} wrap>
        <Typography.Text strong>{t('guide.device')}</Typography.Text>
        <Select<string>
          loading={usable.isLoading}
          value={device?.id}
          onChange={setPicked}
          style={{ minWidth: 280 }}
          options={routable.map((d) => ({ value: d.id, label: `${d.number} · ${d.name}` }))}
          data-testid="guide-device"
        />
      </Flex>
      {device && <ReceiverManager key={device.id} device={device} userId={userId} />}
    </Flex>
  );
}

/** The first-use guide (product §4): bind device, set the data receiver, start scanning. */
export function FirstUseGuide({ userId, onClose, onDismiss, dismissing }: FirstUseGuideProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState<GuideStep>(0);
  const [bound, setBound] = useState<RoutedDevice | null>(null);
  const buttons = guideButtons(step);

  return (
    <Modal
      open
      title={t('guide.title')}
      onCancel={onClose}
      mask={{ closable: false }}
      width={920}
      destroyOnHidden
      rootClassName="first-use-guide"
      footer={
        <Flex justify="space-between" align="center" data-testid="guide-footer">
          <Button onClick={onDismiss} loading={dismissing && !buttons.finish} data-testid="guide-skip">
            {t('guide.skip')}
          </Button>
          <Flex gap={8}>
            {buttons.back && (
              <Button onClick={() => setStep(previousStep(step))} data-testid="guide-back">
                {t('guide.back')}
              </Button>
            )}
            {buttons.next && (
              <Button type="primary" onClick={() => setStep(nextStep(step))} data-testid="guide-next">
                {t('guide.next')}
              </Button>
            )}
            {buttons.finish && (
              <Button type="primary" onClick={onDismiss} loading={dismissing} data-testid="guide-finish">
                {t('guide.finish')}
              </Button>
            )}
          </Flex>
        </Flex>
      }
    >
      <Steps
        current={step}
        size="small"
        style={{ marginBottom: 24 }}
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
              onBound={(device) => {
                setBound(device);
                setStep(1);
              }}
            />
          </Flex>
        )}
        {step === 1 && <ReceiverStep userId={userId} bound={bound} />}
        {step === 2 && (
          <Flex vertical gap={12}>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('guide.studioTitle')}
            </Typography.Title>
            <Typography.Paragraph style={{ margin: 0 }}>{t('guide.studioText')}</Typography.Paragraph>
            <ol style={{ margin: 0, paddingInlineStart: 20 }}>
              <li>{t('guide.studioStep1')}</li>
              <li>{t('guide.studioStep2')}</li>
              <li>{t('guide.studioStep3')}</li>
            </ol>
            <Alert type="success" showIcon title={t('guide.studioDone')} />
          </Flex>
        )}
      </div>
    </Modal>
  );
}
