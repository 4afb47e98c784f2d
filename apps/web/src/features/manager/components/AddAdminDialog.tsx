import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { Password, RegisterErrors, Username } from '@archway/contract';
import { ApiError } from '../../../shared/request.ts';
import { toast } from '../../../shared/ui/toast.ts';
import { useCreateConsoleAdmin } from '../api/console-admin-create.ts';

interface Values {
  username: string;
  email: string;
  password: string;
  confirm: string;
}

/** Which field a refusal of the creation belongs to (a taken username or address), from its catalogue key. */
const FIELD_OF_KEY: Record<string, keyof Values> = {
  [`errors.${RegisterErrors.usernameTaken.key}`]: 'username',
  [`errors.${RegisterErrors.emailTaken.key}`]: 'email',
};

/**
 * "Add administrator": a separate account (no organization) with the product's username and password rules; a
 * taken username or e-mail address is shown at its field, anything else as a toast.
 */
export function AddAdminDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const create = useCreateConsoleAdmin({
    onSuccess: (row) => {
      toast(t('console.admins.created', { name: row.username }), 'success');
      onClose();
    },
    onError: (error) => {
      if (!(error instanceof ApiError) || error.kind !== 'refused') return;
      const text = t(error.i18nKey, { defaultValue: error.message });
      const field = FIELD_OF_KEY[error.i18nKey];
      if (field) form.setFields([{ name: field, errors: [text] }]);
      else toast(text);
    },
  });

  return (
    <Modal
      open
      title={t('console.admins.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('console.admins.create')}
      okButtonProps={{ loading: create.isPending, 'data-testid': 'console-admin-create' }}
      cancelText={t('common.cancel')}
      destroyOnHidden
      data-testid="console-admin-dialog"
    >
      <Alert type="info" showIcon title={t('console.admins.addHint')} style={{ marginBottom: 16 }} />
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(v) =>
          create.mutate({ username: v.username.trim(), email: v.email.trim(), password: v.password })
        }
      >
        <Form.Item
          name="username"
          label={t('console.users.username')}
          rules={[
            { required: true, whitespace: true, message: t('console.admins.usernameRequired') },
            { min: Username.min, max: Username.max, message: t('console.admins.usernameRule') },
            { pattern: Username.pattern, message: t('console.admins.usernameRule') },
          ]}
        >
          <Input
            autoComplete="off"
            maxLength={Username.max}
            placeholder={t('console.admins.usernameRule')}
            data-testid="console-admin-username"
          />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('organization.fields.email')}
          rules={[
            { required: true, whitespace: true, message: t('console.admins.emailRequired') },
            { type: 'email', message: t('console.admins.emailInvalid') },
          ]}
        >
          <Input type="email" autoComplete="off" maxLength={254} data-testid="console-admin-email" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('console.admins.password')}
          rules={[
            { required: true, message: t('console.admins.passwordRequired') },
            { min: Password.min, max: Password.max, message: t('console.admins.passwordRule') },
            { pattern: Password.pattern, message: t('console.admins.passwordRule') },
          ]}
        >
          <Input.Password
            autoComplete="new-password"
            maxLength={Password.max}
            placeholder={t('console.admins.passwordRule')}
            data-testid="console-admin-password"
          />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('console.admins.confirm')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('console.admins.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('console.admins.mismatch'))),
            }),
          ]}
        >
          <Input.Password
            autoComplete="new-password"
            maxLength={Password.max}
            data-testid="console-admin-confirm"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
