import { Button, Result } from 'antd';
import { useMatches, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isRouteHandle } from '../route-table.ts';

/** A route of product §2 whose screen is not built yet. */
export function NotAvailablePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const handle = useMatches()
    .map((match) => match.handle)
    .findLast(isRouteHandle);
  return (
    <Result
      status="info"
      title={t('notAvailable.title')}
      subTitle={t('notAvailable.subTitle', { title: handle ? t(handle.route.titleKey) : '' })}
      extra={
        <Button type="primary" onClick={() => navigate('/home')}>
          {t('common.backHome')}
        </Button>
      }
    />
  );
}
