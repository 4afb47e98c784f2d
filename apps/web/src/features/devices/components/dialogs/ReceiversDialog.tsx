import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceRow } from '@archway/contract';
import { ReceiverManager } from '../ReceiverManager.tsx';
import { DeviceSummary } from './common.tsx';

/** Data-transfer management of one device: who receives its scans, per case type. */
export function ReceiversDialog({ device, onClose }: { device: DeviceRow; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('receivers.title')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
      width={880}
      destroyOnHidden
    >
      <DeviceSummary device={device} />
      <ReceiverManager device={device} />
    </Modal>
  );
}
