import { useMemo } from 'react';
import { Form, Input, Modal, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceRow } from '@archway/contract';
import { DEVICE_NAME_MAX, encryptionSwitchShown, type DecryptFormat } from '../../utils/bind.ts';
import { DecryptFormatField } from '../DecryptFormatField.tsx';
import { useUpdateDevice } from '../../api/update-device.ts';
import { toast } from '../../../../shared/ui/toast.ts';
import { DeviceSummary, requiredTrimmed } from './common.tsx';

interface Values {
  name: string;
  memo?: string;
  encrypted: boolean;
  scanType: DecryptFormat;
}

/** Edit name, description, encryption (cn and local hosts only) and the default decryption format. */
export function EditDeviceDialog({ device, onClose }: { device: DeviceRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const showEncryption = useMemo(() => encryptionSwitchShown(window.location.hostname), []);
  const update = useUpdateDevice({
    onSuccess: () => {
      toast(t('devices.messages.updated'), 'success');
      onClose();
    },
  });

  return (
    <Modal
      open
      title={t('devices.edit.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: update.isPending }}
      destroyOnHidden
    >
      <DeviceSummary device={device} />
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          name: device.name,
          memo: device.memo ?? '',
          encrypted: device.encryptType === 2,
          scanType: device.scanType === 'stl' ? 'stl' : 'ply',
        }}
        onFinish={(values) => {
          const memo = values.memo?.trim();
          update.mutate({
            id: device.id,
            name: values.name.trim(),
            ...(memo ? { memo } : {}),
            // Where the switch is hidden the stored choice stays.
            encryptType: showEncryption ? (values.encrypted ? 2 : 1) : device.encryptType === 2 ? 2 : 1,
            scanType: values.scanType === 'stl' ? 'stl' : 'ply',
          });
        }}
      >
        <Form.Item
          name="name"
          label={t('devices.bind.name')}
          required
          rules={[requiredTrimmed(t, 'devices.bind.nameRequired')]}
        >
          <Input maxLength={DEVICE_NAME_MAX} showCount allowClear />
        </Form.Item>
        <Form.Item name="memo" label={t('devices.bind.desc')}>
          <Input.TextArea maxLength={500} rows={2} showCount />
        </Form.Item>
        {showEncryption && (
          <Form.Item name="encrypted" label={t('devices.bind.encryption')} valuePropName="checked">
            <Switch />
          </Form.Item>
        )}
        <DecryptFormatField name="scanType" />
      </Form>
    </Modal>
  );
}
