import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Select } from 'antd';
import { UserSwitchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/request.ts';
import { storeTokenUser } from '../../../shared/auth/identity.ts';
import { useThrottledPress } from '../../../shared/ui/use-throttled-press.ts';
import { useRequestToken } from '../api/request-token.ts';

/**
 * Demo accounts of the seed: the organizations' password is demo123; the administrator's was generated at the
 * server's first start and printed in its log (README "Demo accounts"), so it is typed, never prefilled.
 */
const DEMO_ACCOUNTS = [
  { username: 'clinic', kind: 'clinic' },
  { username: 'clinic2', kind: 'clinic' },
  { username: 'lab', kind: 'lab' },
  { username: 'lab2', kind: 'lab' },
  { username: 'distributor', kind: 'distributor' },
  { username: 'admin', kind: 'admin' },
] as const;
const DEMO_PASSWORD = 'demo123';

interface Values {
  username: string;
  password: string;
}

/** Simulate-login (developer tool, demo mode only): the top-bar button and its dialog. */
export function SimulateLogin() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="text"
        icon={<UserSwitchOutlined />}
        onClick={() => setOpen(true)}
        aria-label={t('simulate.title')}
        title={t('simulate.title')}
        data-testid="simulate-login"
      />
      <SimulateLoginDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

/** The simulate-login dialog: sign in as a demo account by token (also opened from the overflow menu). */
export function SimulateLoginDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<Values>();
  const requestToken = useRequestToken();

  const submit = useThrottledPress(async (values: Values) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await requestToken.mutateAsync({
        username: values.username,
        password: values.password,
        remember: false,
        module: 'web',
      });
      await storeTokenUser(answer.AccessToken, answer.ExpiresIn);
      window.location.assign(`${import.meta.env.BASE_URL}home`);
    } catch (cause) {
      setBusy(false);
      setError(cause instanceof ApiError ? t(cause.i18nKey, { defaultValue: cause.message }) : String(cause));
    }
  });

  return (
    <>
      <Modal
        open={open}
        title={t('simulate.title')}
        onCancel={onClose}
        okText={t('simulate.submit')}
        cancelText={t('common.cancel')}
        onOk={() => form.submit()}
        okButtonProps={{ loading: busy, disabled: submit.pressing && !busy }}
        destroyOnHidden
      >
        <Alert type="info" showIcon title={t('simulate.hint')} style={{ marginBottom: 16 }} />
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ username: DEMO_ACCOUNTS[0].username, password: DEMO_PASSWORD }}
          onFinish={submit.run}
        >
          <Form.Item name="username" label={t('simulate.account')} rules={[{ required: true }]}>
            <Select
              onChange={(username: string) =>
                form.setFieldValue('password', username === 'admin' ? '' : DEMO_PASSWORD)
              }
              options={DEMO_ACCOUNTS.map((account) => ({
                value: account.username,
                label: `${account.username} · ${t(`simulate.kind.${account.kind}`)}`,
              }))}
            />
          </Form.Item>
          <Form.Item name="password" label={t('signIn.password')} rules={[{ required: true }]}>
            <Input.Password autoComplete="off" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
