import { Descriptions, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AuthorizationRow } from '@archway/contract';
import { authorizationDetail, changeAuthorizationTime } from '../api.ts';
import { ExpiryCell, StatusTag } from '../cells.tsx';
import { PresetDialog, useDeviceChange } from './common.tsx';

/** Change the end of one authorization (the only change its authorizer may make). */
export function ChangeTimeDialog({ auth, onClose }: { auth: AuthorizationRow; onClose: () => void }) {
  const { t } = useTranslation();
  // The authorization as it is now (GET /api2/device/scan/auth/{id}).
  const current = useQuery({
    queryKey: ['devices', 'authorization', auth.id],
    queryFn: () => authorizationDetail(auth.id),
    placeholderData: auth,
  });
  const change = useDeviceChange(changeAuthorizationTime, 'devices.messages.timeChanged', onClose);
  const a = current.data;

  return (
    <PresetDialog
      title={t('devices.changeTime.title')}
      label={t('devices.changeTime.new')}
      loading={change.isPending}
      onSubmit={(expireTime) => change.mutate({ id: auth.id, expireTime })}
      onClose={onClose}
    >
      {!a ? (
        <Skeleton active />
      ) : (
        <Descriptions
          size="small"
          column={1}
          style={{ marginBottom: 16 }}
          items={[
            { key: 'number', label: t('devices.columns.number'), children: a.number },
            { key: 'to', label: t('devices.lent.lentTo'), children: a.custName },
            {
              key: 'expiry',
              label: t('devices.changeTime.current'),
              children: <ExpiryCell expireTime={a.expireTime} flag={a.flag} />,
            },
            { key: 'status', label: t('devices.columns.status'), children: <StatusTag status={a.status} /> },
          ]}
        />
      )}
    </PresetDialog>
  );
}
