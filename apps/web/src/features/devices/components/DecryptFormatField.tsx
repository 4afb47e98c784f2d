import { Form, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { DECRYPT_FORMATS, isSelectableFormat } from '../utils/bind.ts';

/** Default decryption format: ply or stl; colour is shown but cannot be chosen (product §3). */
export function DecryptFormatField({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={t('devices.bind.format')}
      rules={[{ required: true, message: t('devices.bind.formatRequired') }]}
    >
      <Radio.Group
        options={DECRYPT_FORMATS.map((format) => ({
          value: format,
          label: t(`devices.format.${format}`),
          disabled: !isSelectableFormat(format),
        }))}
      />
    </Form.Item>
  );
}
