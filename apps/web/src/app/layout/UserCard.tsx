import { Avatar, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@archway/contract';
import { orgStatusKey, orgTypeKey } from '../../shared/org-labels.ts';

/** Avatar, organization name and the "authorized · clinic" status line. */
export function UserCard({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const name = user.custName ?? user.username;
  const status = user.custId
    ? `${t(orgStatusKey(user.custStatus))} · ${t(orgTypeKey(user.custType))}`
    : t('org.type.none');
  return (
    <Flex align="center" gap={10} data-testid="user-card" style={{ minWidth: 0 }}>
      <Avatar src={user.avatar || undefined} style={{ flex: 'none' }}>
        {name.slice(0, 1).toUpperCase()}
      </Avatar>
      <Flex vertical style={{ minWidth: 0, lineHeight: 1.3 }}>
        <Typography.Text strong ellipsis style={{ maxWidth: 200 }}>
          {name}
        </Typography.Text>
        <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, maxWidth: 200 }}>
          {status}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
