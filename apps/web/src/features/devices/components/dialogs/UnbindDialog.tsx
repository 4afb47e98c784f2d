import { Alert, App, Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceRow } from '@archway/contract';
import { useUnbindDevice } from '../../api/unbind-device.ts';
import { toast } from '../../../../shared/ui/toast.ts';
import { DeviceCodeField, DeviceSummary, useRefusalAtField } from './common.tsx';

/** Unbind: the bind code, then a confirmation; refused during an authorization period. */
export function UnbindDialog({ device, onClose }: { device: DeviceRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [form] = Form.useForm<{ secret: string }>();
  const refusal = useRefusalAtField(form, { code: 'secret' });
  const unbind = useUnbindDevice({
    onSuccess: () => {
      toast(t('devices.messages.unbound'), 'success');
      onClose();
    },
    onError: refusal,
  });

  const confirm = ({ secret }: { secret: string }) =>
    modal.confirm({
      title: t('devices.unbind.confirmTitle'),
      content: t('devices.unbind.confirm', { number: device.number }),
      okText: t('devices.actions.unbind'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => unbind.mutateAsync({ number: device.number, secret: secret.trim() }).catch(() => undefined),
    });

  return (
    <Modal
      open
      title={t('devices.unbind.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('devices.actions.unbind')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, loading: unbind.isPending }}
      destroyOnHidden
    >
      <DeviceSummary device={device} />
      <Alert type="warning" showIcon title={t('devices.unbind.warning')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" onFinish={confirm}>
        <DeviceCodeField />
      </Form>
    </Modal>
  );
}
