import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast.ts';
import { useAddToRegistry } from '../api/add-to-registry.ts';

interface Values {
  serial: string;
  bindCode: string;
  area?: string;
}

/** Adds one manufactured device to the registry (serial, bind code, optional area). */
export function AddRegistryDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const add = useAddToRegistry({
    onSuccess: ({ serial }) => {
      toast(t('manager.add.done', { serial }), 'success');
      onClose();
    },
  });

  return (
    <Modal
      open
      title={t('manager.add.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('manager.add.submit')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: add.isPending }}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(values) =>
          add.mutate({
            serial: values.serial.trim(),
            bindCode: values.bindCode.trim(),
            ...(values.area?.trim() ? { area: values.area.trim() } : {}),
          })
        }
      >
        <Form.Item
          name="serial"
          label={t('manager.registry.serial')}
          rules={[
            { required: true, whitespace: true, message: t('devices.bind.serialRequired') },
            { pattern: /^\s*[A-Za-z0-9-]+\s*$/, message: t('manager.add.serialPattern') },
          ]}
        >
          <Input maxLength={64} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="bindCode"
          label={t('devices.bind.code')}
          rules={[{ required: true, whitespace: true, message: t('devices.bind.codeRequired') }]}
        >
          <Input maxLength={64} autoComplete="off" />
        </Form.Item>
        <Form.Item name="area" label={t('manager.registry.area')} extra={t('manager.add.areaHint')}>
          <Input maxLength={32} autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
