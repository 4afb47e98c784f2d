import { Avatar, Card, Flex, Tag, Typography } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CustStatus, type CurrentUser, type Customer } from '@archway/contract';
import { orgStatusKey, orgTypeKey } from '../../../shared/org-labels.ts';

/**
 * The welcome line (by the person's own name; a plain welcome while they have given none, never the username), the
 * organization's name, type and status, who is signed in and since when it is registered.
 */
export function OrganizationHeader({ user, customer }: { user: CurrentUser; customer?: Customer }) {
  const { t } = useTranslation();
  const hasOrg = Boolean(user.custId);
  const name = customer?.name ?? user.custName;
  const status = customer?.status ?? user.custStatus;
  const custType = customer?.custType ?? user.custType;
  const facts = [
    t('home.user', { name: user.username }),
    user.email ? t('home.email', { email: user.email }) : null,
    customer ? t('home.registeredOn', { date: dayjs(customer.registTime).format('LL') }) : null,
  ].filter((fact): fact is string => fact !== null);

  return (
    <Card data-testid="home-organization" size="small">
      <Flex align="center" gap={16}>
        <Avatar size={48} src={user.avatar || undefined} icon={<TeamOutlined />} style={{ flex: 'none' }} />
        <Flex vertical gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Typography.Text type="secondary" data-testid="home-welcome">
            {user.name ? t('home.welcome', { name: user.name }) : t('home.welcomePlain')}
          </Typography.Text>
          <Flex align="center" gap={8} wrap>
            <Typography.Title
              level={3}
              style={{ margin: 0, overflowWrap: 'anywhere' }}
              data-testid="org-name"
            >
              {name ?? t('home.noOrganization')}
            </Typography.Title>
            {hasOrg && (
              <Flex gap={4} wrap>
                <Tag color="blue">{t(orgTypeKey(custType))}</Tag>
                <Tag color={status === CustStatus.authorized ? 'green' : 'orange'} data-testid="org-status">
                  {t(orgStatusKey(status))}
                </Tag>
              </Flex>
            )}
          </Flex>
          {hasOrg ? (
            <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
              {facts.join(' · ')}
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary">{t('home.noOrganizationHint')}</Typography.Text>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}
