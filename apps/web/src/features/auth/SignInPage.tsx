import { useEffect, useState } from 'react';
import { Alert, Button, Flex, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SignInErrors } from '@archway/contract';
import { ApiError } from '../../shared/request.ts';
import { startSignIn } from '../../shared/auth/identity.ts';
import { clearLoginMessage, peekLoginMessage, setLoginMessage } from '../../shared/auth/session.ts';
import { useThrottledPress } from '../../shared/ui/use-throttled-press.ts';
import { useSignIn } from './api/sign-in.ts';
import { AuthCard } from './components/AuthCard.tsx';

interface Values {
  username: string;
  password: string;
}

/**
 * `/login/:uid`: the sign-in form of an OIDC interaction the provider started. The form posts
 * to the same path; the answer says where the provider continues.
 */
export default function SignInPage() {
  const { t } = useTranslation();
  const { uid = '' } = useParams();
  // A message stored before the redirect (e.g. "login expired") is shown once.
  const [notice] = useState(peekLoginMessage);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const signIn = useSignIn();

  useEffect(() => clearLoginMessage(), []);

  const submit = useThrottledPress(async ({ username, password }: Values) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await signIn.mutateAsync({ uid, body: { username: username.trim(), password } });
      window.location.assign(answer.redirectTo);
    } catch (cause) {
      setBusy(false);
      if (cause instanceof ApiError && cause.code === SignInErrors.interactionExpired.code) {
        // The provider's interaction is gone: start over and say why on the new form.
        setLoginMessage(SignInErrors.interactionExpired.key);
        void startSignIn();
        return;
      }
      setError(cause instanceof ApiError ? t(cause.i18nKey, { defaultValue: cause.message }) : String(cause));
    }
  });

  return (
    <AuthCard testId="sign-in-card">
      {notice && (
        <Alert
          type="warning"
          showIcon
          title={t(`errors.${notice}`)}
          style={{ marginBottom: 16 }}
          data-testid="login-notice"
        />
      )}
      {error && (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="login-error" />
      )}
      <Form<Values> layout="vertical" onFinish={submit.run} requiredMark={false} size="large">
        <Form.Item
          name="username"
          label={t('signIn.username')}
          rules={[{ required: true, whitespace: true, message: t('signIn.usernameRequired') }]}
        >
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('signIn.password')}
          rules={[{ required: true, message: t('signIn.passwordRequired') }]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy} disabled={submit.pressing && !busy}>
          {t('signIn.submit')}
        </Button>
      </Form>
      <Flex justify="space-between" wrap gap={8} style={{ marginTop: 16 }}>
        <Link to="/register" data-testid="link-register">
          {t('account.links.register')}
        </Link>
        <Link to="/forgotPassword" data-testid="link-forgot">
          {t('account.links.forgot')}
        </Link>
      </Flex>
    </AuthCard>
  );
}
