import { Button, Form, Input, Result, Typography } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useForgotPassword } from './api/account-links.ts';
import { AuthCard } from './components/AuthCard.tsx';
import { RefusalAlert } from './components/RefusalAlert.tsx';

/** `/forgotPassword`: asks for a reset link; the answer never says whether the address has an account. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const forgot = useForgotPassword();

  return (
    <AuthCard title={t('account.forgot.title')} testId="forgot-card">
      {forgot.isSuccess ? (
        <Result
          status="info"
          subTitle={t('account.forgot.done', { email: forgot.variables })}
          extra={<Link to="/login">{t('account.links.signIn')}</Link>}
          data-testid="forgot-done"
        />
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t('account.forgot.intro')}</Typography.Paragraph>
          <RefusalAlert error={forgot.error} />
          <Form<{ email: string }>
            layout="vertical"
            requiredMark={false}
            onFinish={(v) => forgot.mutate(v.email.trim())}
          >
            <Form.Item
              name="email"
              label={t('account.fields.email')}
              rules={[
                { required: true, message: t('account.fields.required') },
                { type: 'email', message: t('account.fields.emailInvalid') },
              ]}
            >
              <Input prefix={<MailOutlined />} autoComplete="email" autoFocus />
            </Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              block
              loading={forgot.isPending}
              data-testid="forgot-submit"
            >
              {t('account.forgot.submit')}
            </Button>
          </Form>
          <div style={{ marginTop: 16 }}>
            <Link to="/login">{t('account.links.signIn')}</Link>
          </div>
        </>
      )}
    </AuthCard>
  );
}
