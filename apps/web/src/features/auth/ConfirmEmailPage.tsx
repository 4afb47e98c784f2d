import { Result, Spin } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/request.ts';
import { useConfirmEmail } from './api/account-links.ts';
import { AuthCard } from './components/AuthCard.tsx';

/** `/confirmEmail?token=`: the mailed confirmation link, followed. */
export default function ConfirmEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const confirm = useConfirmEmail(params.get('token') ?? '');
  const signIn = <Link to="/login">{t('account.links.signIn')}</Link>;

  return (
    <AuthCard title={t('account.confirm.title')} testId="confirm-card">
      {confirm.isSuccess ? (
        <Result
          status="success"
          subTitle={t('account.confirm.done', { email: confirm.data.email })}
          extra={signIn}
          data-testid="confirm-done"
        />
      ) : confirm.isError || !params.get('token') ? (
        <Result
          status="error"
          subTitle={t(
            confirm.error instanceof ApiError ? confirm.error.i18nKey : 'errors.accountLink.invalid',
          )}
          extra={signIn}
          data-testid="confirm-failed"
        />
      ) : (
        <Spin tip={t('account.confirm.working')}>
          <div style={{ minHeight: 80 }} />
        </Spin>
      )}
    </AuthCard>
  );
}
