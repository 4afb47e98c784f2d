import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@archway/contract';
import { useChangeEmail } from '../../api/profile-change-email.ts';
import { refusalText } from './refusal.ts';

/**
 * A confirmation link to the new address (or to the current, unconfirmed one); the address changes when the link is
 * followed, so the dialog ends by saying where to look.
 */
export function ChangeEmailDialog({
  user,
  open,
  onClose,
}: {
  user: CurrentUser;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ email: string }>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const change = useChangeEmail();
  const close = () => {
    setSentTo(null);
    form.resetFields();
    change.reset();
    onClose();
  };
  const submit = ({ email }: { email: string }) =>
    change.mutate(email.trim(), {
      onSuccess: (r) => setSentTo(r.email),
      onError: (error) =>
        form.setFields([{ name: 'email', errors: [refusalText(error, t, 'errors.profileEmail.invalid')] }]),
    });

  return (
    <Modal
      open={open}
      title={t('profile.email.title')}
      onCancel={close}
      destroyOnHidden
      footer={
        sentTo ? (
          <Button type="primary" onClick={close}>
            {t('common.close')}
          </Button>
        ) : (
          [
            <Button key="cancel" onClick={close}>
              {t('common.cancel')}
            </Button>,
            <Button
              key="send"
              type="primary"
              loading={change.isPending}
              onClick={() => form.submit()}
              data-testid="email-send"
            >
              {t('profile.email.send')}
            </Button>,
          ]
        )
      }
    >
      {sentTo ? (
        <Alert
          type="success"
          showIcon
          title={t('profile.email.sent', { email: sentTo })}
          data-testid="email-sent"
        />
      ) : (
        <Form
          form={form}
          layout="vertical"
          onFinish={submit}
          initialValues={{ email: user.emailConfirmed === '1' ? '' : (user.email ?? '') }}
        >
          {user.email && (
            <Typography.Paragraph type="secondary">
              {t('profile.email.current', { email: user.email })}
            </Typography.Paragraph>
          )}
          <Form.Item
            name="email"
            label={t('profile.email.new')}
            extra={t('profile.email.hint')}
            rules={[
              { required: true, message: t('errors.profileEmail.invalid') },
              { type: 'email', message: t('errors.profileEmail.invalid') },
            ]}
          >
            <Input type="email" autoComplete="email" maxLength={254} data-testid="email-input" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
