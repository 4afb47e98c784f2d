import { Button, Modal } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DeviceRow } from '@archway/contract';
import { deviceKeys } from '../../../shared/devices/api.ts';
import { deviceDetail } from '../api.ts';
import { AuthorizationTable } from '../AuthorizationTable.tsx';
import { lentRows } from '../lent.ts';
import { canManageAuthorizations } from '../permissions.ts';
import { DeviceSummary } from './common.tsx';

/** The authorizations of one device, fresh from its detail; the owner manages them here. */
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
  const detail = useQuery({
    queryKey: deviceKeys.detail(device.id),
    queryFn: () => deviceDetail(device.id),
    placeholderData: device,
  });
  const current = detail.data ?? device;
  const direction = canManageAuthorizations(current.role) ? 'byMe' : 'toMe';

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
