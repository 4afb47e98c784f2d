import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceRow } from '@archway/contract';
import { useDevice } from '../../api/get-device.ts';
import { AuthorizationTable } from '../AuthorizationTable.tsx';
import { lentRows } from '../../utils/lent.ts';
import { DeviceSummary } from './common.tsx';

/** The authorizations of one device, fresh from its detail, each with the actions the server allows. */
export function AuthorizationsDialog({
  device,
  custId,
  onClose,
}: {
  device: DeviceRow;
  custId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const detail = useDevice(device);
  const current = detail.data ?? device;
  // The owner sees the authorizations it granted; a borrower its own. What each row offers is on the row.
  const direction = current.ownerCustId === custId ? 'byMe' : 'toMe';

  return (
    <Modal
      open
      title={t('devices.authorizations.title')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
      width={880}
      destroyOnHidden
    >
      <DeviceSummary device={current} />
      <AuthorizationTable
        rows={lentRows([current], custId, direction)}
        direction={direction}
        showDevice={false}
        loading={detail.isFetching}
      />
    </Modal>
  );
}
