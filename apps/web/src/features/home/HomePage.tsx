import { Avatar, Card, Descriptions, Flex, Skeleton, Tag, Typography } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CustStatus } from '@archway/contract';
import { useCurrentUser, useCustomer } from '../../shared/api/current-user.ts';
import { orgStatusKey, orgTypeKey } from '../../shared/org-labels.ts';

/** `/home`: the signed-in organization (the statistics dashboard comes with its own issue). */
export default function HomePage() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const hasOrg = Boolean(user?.custId);
  const customer = useCustomer(hasOrg);

  if (!user) return <Skeleton active />;

  const name = customer.data?.name ?? user.custName;
  const status = customer.data?.status ?? user.custStatus;
  const custType = customer.data?.custType ?? user.custType;

  return (
    <Flex vertical gap={16} style={{ maxWidth: 960 }}>
      <Card data-testid="home-organization">
        <Flex align="center" gap={20} wrap>
          <Avatar size={64} src={user.avatar || undefined} icon={<TeamOutlined />} />
          <Flex vertical gap={6} style={{ minWidth: 0, flex: 1 }}>
            <Typography.Text type="secondary">{t('home.welcome', { name: user.username })}</Typography.Text>
            <Typography.Title level={2} style={{ margin: 0 }} data-testid="org-name">
              {name ?? t('home.noOrganization')}
            </Typography.Title>
            {hasOrg && (
              <Flex gap={8} wrap>
                <Tag color="blue">{t(orgTypeKey(custType))}</Tag>
                <Tag color={status === CustStatus.authorized ? 'green' : 'orange'}>
                  {t(orgStatusKey(status))}
                </Tag>
              </Flex>
            )}
          </Flex>
        </Flex>
      </Card>
      <Card title={t('home.details')}>
        {hasOrg ? (
          <Descriptions
            column={{ xs: 1, md: 2 }}
            items={[
              { key: 'org', label: t('home.organization'), children: name },
              { key: 'type', label: t('home.type'), children: t(orgTypeKey(custType)) },
              { key: 'status', label: t('home.status'), children: t(orgStatusKey(status)) },
              {
                key: 'since',
                label: t('home.registeredOn'),
                children: customer.data ? dayjs(customer.data.registTime).format('LL') : '–',
              },
              { key: 'user', label: t('home.user'), children: user.username },
              { key: 'email', label: t('home.email'), children: user.email ?? '–' },
            ]}
          />
        ) : (
          <Typography.Text type="secondary">{t('home.noOrganizationHint')}</Typography.Text>
        )}
      </Card>
    </Flex>
  );
}
