import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { signOut } from '../../../../shared/auth/identity.ts';
import { setLoginMessage } from '../../../../shared/auth/session.ts';
import { useDeleteAccount } from '../../api/profile-delete-account.ts';
import { refusalKey, refusalText } from './refusal.ts';

/** Deleting one's own account: said plainly what happens, confirmed by the password. */
export function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string }>();
  const remove = useDeleteAccount();
  const close = () => {
    form.resetFields();
    remove.reset();
    onClose();
  };
  const submit = ({ password }: { password: string }) =>
    remove.mutate(password, {
      onSuccess: () => {
        // The sign-in page says why the person is there.
        setLoginMessage('profileSession.accountDeleted');
        void signOut();
      },
      onError: (error) => {
        if (refusalKey(error) === 'profileDelete.wrongPassword')
          form.setFields([
            { name: 'password', errors: [refusalText(error, t, 'errors.profileDelete.wrongPassword')] },
          ]);
      },
    });
  const lastOwner = refusalKey(remove.error) === 'profileDelete.lastOwner';

  return (
    <Modal
      open={open}
      title={t('profile.delete.title')}
      onCancel={close}
      onOk={() => form.submit()}
      okText={t('profile.delete.submit')}
      cancelText={t('common.cancel')}
      okButtonProps={{
        danger: true,
        loading: remove.isPending || remove.isSuccess,
        'data-testid': 'delete-submit',
      }}
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={t('profile.delete.text')} style={{ marginBottom: 16 }} />
      {remove.isError && !lastOwner && refusalKey(remove.error) !== 'profileDelete.wrongPassword' && (
        <Alert
          type="error"
          showIcon
          title={refusalText(remove.error, t, 'errors.generic.application')}
          style={{ marginBottom: 16 }}
        />
      )}
      {lastOwner && (
        <Alert
          type="error"
          showIcon
          title={t('errors.profileDelete.lastOwner')}
          style={{ marginBottom: 16 }}
          data-testid="delete-last-owner"
        />
      )}
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="password"
          label={t('profile.delete.password')}
          rules={[{ required: true, message: t('profile.password.required') }]}
        >
          <Input.Password autoComplete="current-password" maxLength={64} data-testid="delete-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
