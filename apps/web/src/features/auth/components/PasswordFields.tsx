import { Form, Input } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Password } from '@archway/contract';

/** A new password and its confirmation, with the rules of product §5 (6 to 16 letters, digits or _). */
export function PasswordFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="password"
        label={t('account.fields.password')}
        extra={t('account.fields.passwordRule')}
        rules={[
          { required: true, message: t('account.fields.required') },
          {
            min: Password.min,
            max: Password.max,
            pattern: Password.pattern,
            message: t('account.fields.passwordRule'),
          },
        ]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('account.fields.confirm')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('account.fields.required') },
          ({ getFieldValue }) => ({
            validator: (_, value: string) =>
              !value || value === getFieldValue('password')
                ? Promise.resolve()
                : Promise.reject(new Error(t('account.fields.mismatch'))),
          }),
        ]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
