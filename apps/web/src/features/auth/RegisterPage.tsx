import { Button, Form, Input, Result } from 'antd';
import { MailOutlined, UserOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Username } from '@archway/contract';
import { storedLanguage } from '../../shared/i18n/stored-language.ts';
import { browserTimeZone } from '../../shared/i18n/change-language.ts';
import { useRegister } from './api/account-links.ts';
import { AuthCard } from './components/AuthCard.tsx';
import { RefusalAlert } from './components/RefusalAlert.tsx';
import { PasswordFields } from './components/PasswordFields.tsx';

interface Values {
  username: string;
  email: string;
  password: string;
  country: string;
  region?: string;
}

/** `/register`: a new account (product §5 rules); the confirmation link goes to its e-mail address. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const register = useRegister();

  if (register.isSuccess)
    return (
      <AuthCard testId="register-card">
        <Result
          status="success"
          title={t('account.register.doneTitle')}
          subTitle={t('account.register.done', { email: register.data.email })}
          extra={<Link to="/login">{t('account.links.signIn')}</Link>}
          data-testid="register-done"
        />
      </AuthCard>
    );

  return (
    <AuthCard title={t('account.register.title')} testId="register-card">
      <RefusalAlert error={register.error} testId="register-error" />
      <Form<Values>
        layout="vertical"
        requiredMark={false}
        onFinish={(v) =>
          register.mutate({
            username: v.username.trim(),
            email: v.email.trim(),
            password: v.password,
            country: v.country.trim(),
            ...(v.region?.trim() ? { region: v.region.trim() } : {}),
            language: storedLanguage(),
            ...(browserTimeZone() ? { timeZone: browserTimeZone() } : {}),
          })
        }
      >
        <Form.Item
          name="username"
          label={t('account.fields.username')}
          extra={t('account.fields.usernameRule')}
          rules={[
            { required: true, whitespace: true, message: t('account.fields.required') },
            {
              min: Username.min,
              max: Username.max,
              pattern: Username.pattern,
              message: t('account.fields.usernameRule'),
            },
          ]}
        >
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('account.fields.email')}
          rules={[
            { required: true, message: t('account.fields.required') },
            { type: 'email', message: t('account.fields.emailInvalid') },
          ]}
        >
          <Input prefix={<MailOutlined />} autoComplete="email" />
        </Form.Item>
        <PasswordFields />
        <Form.Item
          name="country"
          label={t('account.fields.country')}
          rules={[{ required: true, whitespace: true, message: t('account.fields.required') }]}
        >
          <Input autoComplete="country-name" maxLength={60} />
        </Form.Item>
        <Form.Item name="region" label={t('account.fields.region')}>
          <Input autoComplete="address-level1" maxLength={60} />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={register.isPending}
          data-testid="register-submit"
        >
          {t('account.register.submit')}
        </Button>
      </Form>
      <div style={{ marginTop: 16 }}>
        <Link to="/login">{t('account.links.signIn')}</Link>
      </div>
    </AuthCard>
  );
}
