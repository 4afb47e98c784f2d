import { Button, Form, Result } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useResetPassword } from './api/account-links.ts';
import { AuthCard } from './components/AuthCard.tsx';
import { RefusalAlert } from './components/RefusalAlert.tsx';
import { PasswordFields } from './components/PasswordFields.tsx';

/** `/resetPassword?token=`: the mailed link; a new password, once. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();

  return (
    <AuthCard title={t('account.reset.title')} testId="reset-card">
      {!token ? (
        <Result
          status="warning"
          subTitle={t('account.reset.missingToken')}
          extra={<Link to="/forgotPassword">{t('account.links.forgot')}</Link>}
        />
      ) : reset.isSuccess ? (
        <Result
          status="success"
          subTitle={t('account.reset.done')}
          extra={<Link to="/login">{t('account.links.signIn')}</Link>}
          data-testid="reset-done"
        />
      ) : (
        <>
          <RefusalAlert error={reset.error} testId="reset-error" />
          <Form<{ password: string }>
            layout="vertical"
            requiredMark={false}
            onFinish={(v) => reset.mutate({ token, password: v.password })}
          >
            <PasswordFields />
            <Button
              type="primary"
              htmlType="submit"
              block
              loading={reset.isPending}
              data-testid="reset-submit"
            >
              {t('account.reset.submit')}
            </Button>
          </Form>
        </>
      )}
    </AuthCard>
  );
}
