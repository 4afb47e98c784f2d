import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { Password, type ChangePasswordBody } from '@archway/contract';
import { signOut } from '../../../../shared/auth/identity.ts';
import { setLoginMessage } from '../../../../shared/auth/session.ts';
import { toast } from '../../../../shared/ui/toast.ts';
import { useChangePassword } from '../../api/profile-change-password.ts';
import { refusalKey, refusalText } from './refusal.ts';

/** Where each refusal of POST /api2/user/password is shown. */
const FIELD_OF: Record<string, keyof ChangePasswordBody> = {
  'profilePassword.invalidUser': 'oldPassword',
  'profilePassword.differ': 'confirmPassword',
  'profilePassword.rules': 'password',
};

/**
 * Current password, new password (the rules of product §5) and its confirmation. Every session ends on success, this
 * one too, so the person is told and signed out to sign in with the new password.
 */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ChangePasswordBody>();
  const change = useChangePassword();
  const close = () => {
    form.resetFields();
    onClose();
  };
  const submit = (values: ChangePasswordBody) =>
    change.mutate(values, {
      onSuccess: () => {
        // The sign-in page says why the person is there.
        setLoginMessage('profileSession.passwordChanged');
        void signOut();
      },
      onError: (error) => {
        const field = FIELD_OF[refusalKey(error) ?? ''];
        const text = refusalText(error, t, 'errors.profilePassword.failed');
        if (field) form.setFields([{ name: field, errors: [text] }]);
        else toast(text);
      },
    });
  const rule = {
    pattern: Password.pattern,
    min: Password.min,
    max: Password.max,
    message: t('profile.password.rules'),
  };

  return (
    <Modal
      open={open}
      title={t('profile.password.title')}
      onCancel={close}
      onOk={() => form.submit()}
      okText={t('profile.password.submit')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: change.isPending || change.isSuccess, 'data-testid': 'password-submit' }}
      destroyOnHidden
    >
      <Alert type="info" showIcon title={t('profile.password.hint')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="oldPassword"
          label={t('profile.password.current')}
          rules={[{ required: true, message: t('profile.password.required') }]}
        >
          <Input.Password autoComplete="current-password" maxLength={64} data-testid="password-old" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('profile.password.new')}
          extra={t('profile.password.rules')}
          rules={[{ required: true, message: t('profile.password.required') }, rule]}
        >
          <Input.Password autoComplete="new-password" maxLength={Password.max} data-testid="password-new" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('profile.password.confirm')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('profile.password.required') },
            ({ getFieldValue }) => ({
              validator: (_, value: string) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('errors.profilePassword.differ'))),
            }),
          ]}
        >
          <Input.Password
            autoComplete="new-password"
            maxLength={Password.max}
            data-testid="password-confirm"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
