import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceRow, ExpiryPreset, ReceiverSearchResult } from '@archway/contract';
import { OrgPicker } from '../OrgPicker.tsx';
import { useAuthorizeDevice } from '../../api/authorize-device.ts';
import { toast } from '../../../../shared/ui/toast.ts';
import { DeviceCodeField, DeviceSummary, PresetField, useRefusalAtField } from './common.tsx';

interface Values {
  target: ReceiverSearchResult | null;
  expireTime: ExpiryPreset;
  secret: string;
}

export interface AuthorizeTarget {
  id: string;
  name: string;
}

/**
 * Authorize (lend) the device to an organization until a preset expiry. With `target` it restores
 * a recalled or expired authorization of that organization.
 */
export function AuthorizeDialog({
  device,
  target,
  onClose,
}: {
  device: DeviceRow;
  target?: AuthorizeTarget;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const refusal = useRefusalAtField(form, { code: 'secret' });
  const authorize = useAuthorizeDevice({
    onSuccess: () => {
      toast(t(target ? 'devices.messages.restored' : 'devices.messages.authorized'), 'success');
      onClose();
    },
    onError: refusal,
  });
  const initialTarget: ReceiverSearchResult | null = target
    ? {
        id: target.id,
        name: target.name,
        custType: 0,
        avatar: null,
        phone: null,
        email: null,
        privacy: 0,
        showAdd: true,
      }
    : null;

  return (
    <Modal
      open
      title={t(target ? 'devices.authorize.restoreTitle' : 'devices.authorize.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t(target ? 'devices.actions.restore' : 'devices.actions.authorize')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: authorize.isPending }}
      destroyOnHidden
    >
      <DeviceSummary device={device} />
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ target: initialTarget }}
        onFinish={({ target: chosen, expireTime, secret }) => {
          if (!chosen) return;
          authorize.mutate({
            number: device.number,
            secret: secret.trim(),
            custIds: [chosen.id],
            expireTime,
          });
        }}
      >
        <Form.Item
          name="target"
          label={t('devices.authorize.target')}
          rules={[{ required: true, message: t('devices.targetRequired') }]}
        >
          <OrgPicker disabled={Boolean(target)} data-testid="authorize-target" />
        </Form.Item>
        <PresetField />
        <DeviceCodeField />
      </Form>
    </Modal>
  );
}
