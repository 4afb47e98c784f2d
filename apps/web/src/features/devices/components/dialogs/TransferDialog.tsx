import { Alert, App, Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceRow, ReceiverSearchResult } from '@archway/contract';
import { OrgPicker } from '../OrgPicker.tsx';
import { useTransferDevice } from '../../api/transfer-device.ts';
import { toast } from '../../../../shared/ui/toast.ts';
import { DeviceCodeField, DeviceSummary, useRefusalAtField } from './common.tsx';

interface Values {
  target: ReceiverSearchResult | null;
  secret: string;
}

/** Transfer (resell): ownership moves at once; the receiver gets all rights, this organization none. */
export function TransferDialog({ device, onClose }: { device: DeviceRow; onClose: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const refusal = useRefusalAtField(form, { code: 'secret' });
  const transfer = useTransferDevice({
    onSuccess: () => {
      toast(t('devices.messages.transferred'), 'success');
      onClose();
    },
    onError: refusal,
  });

  const confirm = ({ target, secret }: Values) => {
    if (!target) return;
    modal.confirm({
      title: t('devices.transfer.confirmTitle'),
      content: t('devices.transfer.confirm', { number: device.number, name: target.name }),
      okText: t('devices.actions.transfer'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        transfer
          .mutateAsync({ number: device.number, secret: secret.trim(), custId: target.id })
          .catch(() => undefined),
    });
  };

  return (
    <Modal
      open
      title={t('devices.transfer.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('devices.actions.transfer')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, loading: transfer.isPending }}
      destroyOnHidden
    >
      <DeviceSummary device={device} />
      <Alert type="warning" showIcon title={t('devices.transfer.warning')} style={{ marginBottom: 16 }} />
      <Form<Values> form={form} layout="vertical" onFinish={confirm} initialValues={{ target: null }}>
        <Form.Item
          name="target"
          label={t('devices.transfer.target')}
          rules={[{ required: true, message: t('devices.targetRequired') }]}
        >
          <OrgPicker data-testid="transfer-target" />
        </Form.Item>
        <DeviceCodeField />
      </Form>
    </Modal>
  );
}
