import { Form, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { OFFERED_DECRYPT_FORMATS } from '../utils/bind.ts';

/** Default decryption format: ply or stl; colour cannot be chosen (product §3), so it is not offered. */
export function DecryptFormatField({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={t('devices.bind.format')}
      rules={[{ required: true, message: t('devices.bind.formatRequired') }]}
    >
      <Radio.Group
        options={OFFERED_DECRYPT_FORMATS.map((format) => ({
          value: format,
          label: t(`devices.format.${format}`),
        }))}
      />
    </Form.Item>
  );
}
