import { useState } from 'react';
import { Button, Flex, Result, Segmented, Skeleton, Typography } from 'antd';
import { PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../../shared/api/current-user.ts';
import { useViewportMode } from '../../../../shared/ui/use-viewport.ts';
import { useOrganization } from '../../api/org-detail.ts';
import { JoinOrganization } from '../join/JoinOrganization.tsx';
import { CreateOrganization } from './CreateOrganization.tsx';
import { OrganizationDetails } from './OrganizationDetails.tsx';

/** Without an organization: create one, or ask to join an existing one. */
function NoOrganization() {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<'create' | 'join'>('create');
  const phone = useViewportMode() === 'mobile';
  return (
    <Flex vertical gap={16} data-testid="org-none">
      <Flex vertical gap={4}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('organization.none.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('organization.none.intro')}</Typography.Text>
      </Flex>
      <Segmented<'create' | 'join'>
        block
        orientation={phone ? 'vertical' : 'horizontal'}
        value={choice}
        onChange={setChoice}
        options={[
          {
            value: 'create',
            icon: <PlusOutlined />,
            label: <span data-testid="org-choice-create">{t('organization.none.create')}</span>,
          },
          {
            value: 'join',
            icon: <TeamOutlined />,
            label: <span data-testid="org-choice-join">{t('organization.none.join')}</span>,
          },
        ]}
        style={{ maxWidth: 520 }}
      />
      {choice === 'create' ? <CreateOrganization /> : <JoinOrganization />}
    </Flex>
  );
}

/** The organization: create, edit, certification (tab index 1 of `/account`). */
export function OrganizationTab() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const hasOrg = Boolean(user.data?.custId);
  const org = useOrganization(hasOrg);
  if (!user.data) return <Skeleton active />;
  if (!hasOrg) return <NoOrganization />;
  if (org.isLoading) return <Skeleton active />;
  if (!org.data)
    return (
      <Result
        status="warning"
        title={t('organization.loadFailed')}
        extra={<Button onClick={() => void org.refetch()}>{t('common.retry')}</Button>}
      />
    );
  return <OrganizationDetails org={org.data} />;
}
