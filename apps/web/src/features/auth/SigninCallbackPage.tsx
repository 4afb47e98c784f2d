import { useEffect, useState } from 'react';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HOME_PATH, completeSignIn } from '../../shared/auth/identity.ts';
import { getToken } from '../../shared/auth/session.ts';
import { FullPageSpin } from '../../shared/ui/FullPageSpin.tsx';

/** `/account/signin-callback`: finishes the provider's sign-in, then goes home (or back). */
export default function SigninCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    completeSignIn()
      .then((path) => navigate(path, { replace: true }))
      .catch((error: unknown) => {
        // A reload of this page after a completed sign-in has no state left: just go on.
        if (getToken()) return navigate(HOME_PATH, { replace: true });
        console.error('sign-in callback failed', error);
        setFailed(true);
      });
  }, [navigate]);

  if (failed) {
    return (
      <Result
        status="error"
        title={t('signIn.callbackFailed')}
        extra={
          <Button type="primary" onClick={() => navigate('/login', { replace: true })}>
            {t('signIn.again')}
          </Button>
        }
      />
    );
  }
  return <FullPageSpin tip={t('signIn.completing')} />;
}
