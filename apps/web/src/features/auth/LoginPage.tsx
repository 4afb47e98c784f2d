import { useEffect, useState } from 'react';
import { Button, Result } from 'antd';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HOME_PATH, startSignIn } from '../../shared/auth/identity.ts';
import { useToken } from '../../shared/auth/use-token.ts';
import { FullPageSpin } from '../../shared/ui/FullPageSpin.tsx';

const FRAMED_WAIT_MS = 3000;

/** `/login`: signed in → home; otherwise off to the provider's sign-in. */
export default function LoginPage() {
  const { t } = useTranslation();
  const token = useToken();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from ?? HOME_PATH;
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (token) return;
    // Inside a frame the parent may hand over a token first (calls-and-errors §7.2).
    const timer = setTimeout(
      () =>
        startSignIn(from)
          .then((started) => !started && setFailed(true))
          .catch((error: unknown) => {
            console.error('sign-in could not start', error);
            setFailed(true);
          }),
      window.parent === window ? 0 : FRAMED_WAIT_MS,
    );
    return () => clearTimeout(timer);
  }, [token, from]);

  if (token) return <Navigate to={from} replace />;
  if (failed) {
    return (
      <Result
        status="warning"
        title={t('signIn.unavailable')}
        subTitle={t('signIn.unavailableHint')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  return <FullPageSpin tip={t('signIn.redirecting')} />;
}
