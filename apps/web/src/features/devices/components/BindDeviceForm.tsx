import { useMemo, useRef } from 'react';
import { Button, Collapse, Flex, Form, Input, Switch } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shared/ui/toast.ts';
import { useBindDevice } from '../api/bind-device.ts';
import { DecryptFormatField } from './DecryptFormatField.tsx';
import { useRefusalAtField } from './dialogs/common.tsx';
import {
  DEFAULT_DECRYPT_FORMAT,
  DEVICE_NAME_MAX,
  bindPayload,
  encryptionSwitchShown,
  nextDeviceName,
  type BindFormValues,
} from '../utils/bind.ts';

export interface BoundDevice {
  id: string;
  number: string;
}

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The bind-device form (product §3, §5): serial, hidden bind code and the name the serial suggests
 * (editable, its limit shown); description, the encryption switch (cn and local hosts only) and
 * the default decryption format (ply or stl; color shown but disabled) under "more options".
 * A refusal about the serial or the bind code shows at that field. Used by /device and the guide.
 */
export function BindDeviceForm({
  name,
  onBound,
}: {
  /** The form's name: its fields' ids are `${name}_serialnumber` and so on. */
  name: string;
  onBound?: (device: BoundDevice) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BindFormValues>();
  const previousSerial = useRef('');
  const showEncryption = useMemo(() => encryptionSwitchShown(window.location.hostname), []);
  const refusal = useRefusalAtField(form, { serial: 'serialnumber', code: 'bindcodes', name: 'name' });

  const bind = useBindDevice({
    onSuccess: (result, body) => {
      toast(t('devices.messages.sucbinddevice'), 'success');
      form.resetFields();
      previousSerial.current = '';
      onBound?.({ id: result.id, number: body.number.toUpperCase() });
    },
    onError: refusal,
  });

  const required = (messageKey: string) => ({
    validator: (_: unknown, value: unknown) =>
      trimmed(value) ? Promise.resolve() : Promise.reject(new Error(t(messageKey))),
  });

  return (
    <Form<BindFormValues>
      name={name}
      form={form}
      layout="vertical"
      initialValues={{ decryptvalue: DEFAULT_DECRYPT_FORMAT, radio: false }}
      onFinish={(values) => bind.mutate(bindPayload(values, { encryptionShown: showEncryption }))}
      onValuesChange={(changed: Partial<BindFormValues>) => {
        if (changed.serialnumber === undefined) return;
        const serial = changed.serialnumber;
        form.setFieldValue(
          'name',
          nextDeviceName(previousSerial.current, serial, form.getFieldValue('name')),
        );
        previousSerial.current = serial;
      }}
      data-testid="bind-form"
      style={{ maxWidth: 560 }}
    >
      <Form.Item
        name="serialnumber"
        required
        label={t('devices.bind.serial')}
        rules={[required('devices.bind.serialRequired')]}
      >
        <Input
          maxLength={64}
          autoComplete="off"
          allowClear
          placeholder={t('devices.bind.serialPlaceholder')}
        />
      </Form.Item>
      <Form.Item
        name="bindcodes"
        required
        label={t('devices.bind.code')}
        rules={[required('devices.bind.codeRequired')]}
        extra={t('devices.bind.codeHint')}
      >
        <Input.Password maxLength={64} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="name"
        required
        label={t('devices.bind.name')}
        rules={[required('devices.bind.nameRequired')]}
        extra={t('devices.bind.nameHint')}
      >
        <Input maxLength={DEVICE_NAME_MAX} showCount allowClear />
      </Form.Item>
      <Collapse
        ghost
        size="small"
        style={{ marginBottom: 16 }}
        data-testid="bind-more"
        items={[
          {
            key: 'more',
            label: t('devices.bind.more'),
            forceRender: true,
            children: (
              <>
                <Form.Item name="desc" label={t('devices.bind.desc')}>
                  <Input.TextArea maxLength={500} rows={2} showCount />
                </Form.Item>
                {showEncryption && (
                  <Form.Item
                    name="radio"
                    label={t('devices.bind.encryption')}
                    valuePropName="checked"
                    extra={t('devices.bind.encryptionHint')}
                  >
                    <Switch />
                  </Form.Item>
                )}
                <DecryptFormatField name="decryptvalue" />
              </>
            ),
          },
        ]}
      />
      <Flex justify="flex-end">
        <Button
          type="primary"
          htmlType="submit"
          icon={<LinkOutlined />}
          loading={bind.isPending}
          data-testid="bind-submit"
        >
          {t('devices.bind.submit')}
        </Button>
      </Flex>
    </Form>
  );
}
