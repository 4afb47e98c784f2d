import { Alert, Button, Descriptions, Modal, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceRow } from '@archway/contract';
import { useDevice } from '../../api/get-device.ts';
import { activeAuthorizations } from '../../utils/expiry.ts';
import { DateCell, ExpiryCell, RoleTag } from '../cells.tsx';

/** Device detail (GET /api2/device/scan/{id}): what every role may see. */
export function DetailDialog({ device, onClose }: { device: DeviceRow; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useDevice(device);
  const d = detail.data;

  return (
    <Modal
      open
      title={t('devices.detail.title')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
      destroyOnHidden
      width={640}
    >
      {detail.isError && <Alert type="error" showIcon title={t('devices.detail.failed')} />}
      {!d ? (
        <Skeleton active />
      ) : (
        <Descriptions
          bordered
          size="small"
          column={1}
          data-testid="device-detail"
          items={[
            { key: 'number', label: t('devices.columns.number'), children: d.number },
            { key: 'name', label: t('devices.columns.name'), children: d.name },
            { key: 'model', label: t('devices.columns.model'), children: <Tag>{d.model}</Tag> },
            { key: 'role', label: t('devices.columns.role'), children: <RoleTag role={d.role} /> },
            { key: 'owner', label: t('devices.columns.owner'), children: d.ownerCustName },
            { key: 'memo', label: t('devices.bind.desc'), children: d.memo || '–' },
            {
              key: 'activation',
              label: t('devices.detail.activation'),
              children: <DateCell value={d.activationTime} />,
            },
            {
              key: 'expiry',
              label: t('devices.columns.expiry'),
              children: <ExpiryCell expireTime={d.expireTime} flag={d.flag} />,
            },
            {
              key: 'encryption',
              label: t('devices.detail.encryption'),
              children: t(d.encryptType === 2 ? 'devices.detail.encrypted' : 'devices.detail.plain'),
            },
            {
              key: 'format',
              label: t('devices.bind.format'),
              children: t(d.scanType === 'stl' ? 'devices.format.stl' : 'devices.format.ply'),
            },
            {
              key: 'auths',
              label: t('devices.columns.authorizations'),
              children: activeAuthorizations(d).length,
            },
          ]}
        />
      )}
    </Modal>
  );
}
