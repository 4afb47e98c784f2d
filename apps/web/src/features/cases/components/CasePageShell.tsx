import { Card, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { CustType } from '@archway/contract';
import { useCurrentUser } from '../../../shared/api/current-user.ts';
import type { CaseScope } from '../utils/filters.ts';
import { CaseList } from './CaseList.tsx';

/** A case page: cases belong to organizations, so an account without one is told so. */
export function CasePageShell({ scope }: { scope: CaseScope }) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  if (!user) return <Skeleton active />;
  if (!user.custId) return <Result status="info" title={t('cases.noOrganization')} />;
  return (
    <Card data-testid={`case-page-${scope}`} styles={{ body: { padding: 16 } }}>
      <CaseList scope={scope} custId={user.custId} reduced={user.custType === CustType.clinic} />
    </Card>
  );
}
