import { Descriptions, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuthorizationRow } from '@archway/contract';
import { useAuthorization } from '../../api/get-authorization.ts';
import { useChangeAuthorizationTime } from '../../api/change-authorization-time.ts';
import { toast } from '../../../../shared/ui/toast.ts';
import { authorizationFlag } from '../../utils/expiry.ts';
import { ExpiryCell, StatusTag } from '../cells.tsx';
import { PresetDialog } from './common.tsx';

/** Change the end of one authorization (the only change its authorizer may make). */
export function ChangeTimeDialog({ auth, onClose }: { auth: AuthorizationRow; onClose: () => void }) {
  const { t } = useTranslation();
  // The authorization as it is now (GET /api2/device/scan/auth/{id}).
  const current = useAuthorization(auth);
  const change = useChangeAuthorizationTime({
    onSuccess: () => {
      toast(t('devices.messages.timeChanged'), 'success');
      onClose();
    },
  });
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
              children: <ExpiryCell expireTime={a.expireTime} flag={authorizationFlag(a)} />,
            },
            { key: 'status', label: t('devices.columns.status'), children: <StatusTag status={a.status} /> },
          ]}
        />
      )}
    </PresetDialog>
  );
}
