import { useEffect, useState } from 'react';
import { Alert, Button, Card, Flex, Form, Input, Select, Typography, theme } from 'antd';
import { GlobalOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SignInErrors } from '@archway/contract';
import { ApiError } from '../../shared/request.ts';
import { startSignIn } from '../../shared/auth/identity.ts';
import { clearLoginMessage, peekLoginMessage, setLoginMessage } from '../../shared/auth/session.ts';
import { changeLanguage } from '../../shared/i18n/change-language.ts';
import { isLanguage, languageDefs } from '../../shared/i18n/languages.ts';
import { storedLanguage } from '../../shared/i18n/stored-language.ts';
import { useThrottledPress } from '../../shared/ui/use-throttled-press.ts';
import { Logo } from '../../shared/ui/Logo.tsx';
import { useSignIn } from './api/sign-in.ts';

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
  const { token } = theme.useToken();
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
    <Flex
      align="center"
      justify="center"
      style={{
        minHeight: '100vh',
        padding: 24,
        background: `linear-gradient(140deg, ${token.colorPrimary} 0%, ${token.colorPrimaryBgHover} 55%, ${token.colorBgLayout} 100%)`,
      }}
    >
      <Card
        style={{ width: '100%', maxWidth: 400, boxShadow: token.boxShadowSecondary }}
        data-testid="sign-in-card"
      >
        <Flex vertical gap={8} style={{ marginBottom: 24 }}>
          <Logo color={token.colorPrimary} size={36} />
          <Typography.Text type="secondary">{t('signIn.subtitle')}</Typography.Text>
        </Flex>
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
        <Flex justify="flex-end" style={{ marginTop: 24 }}>
          <Select
            variant="borderless"
            size="small"
            prefix={<GlobalOutlined />}
            value={storedLanguage()}
            aria-label={t('settings.language')}
            popupMatchSelectWidth={false}
            options={languageDefs.map((def) => ({ value: def.code, label: def.nativeName }))}
            onChange={(code: string) => isLanguage(code) && void changeLanguage(code)}
          />
        </Flex>
      </Card>
    </Flex>
  );
}
