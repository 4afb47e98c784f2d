import { Avatar, Flex, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@archway/contract';
import { orgStatusKey, orgTypeKey } from '../../shared/org-labels.ts';
import { useProtectedFile } from '../../shared/api/protected-file.ts';

/** "Authorized · Clinic", or "no organization". */
export function userStatusLine(user: CurrentUser, t: TFunction): string {
  return user.custId
    ? `${t(orgStatusKey(user.custStatus))} · ${t(orgTypeKey(user.custType))}`
    : t('org.type.none');
}

/** Avatar, organization name and the "authorized · clinic" status line. */
export function UserCard({ user, maxWidth = 200 }: { user: CurrentUser; maxWidth?: number }) {
  const { t } = useTranslation();
  const name = user.custName ?? user.username;
  const status = userStatusLine(user, t);
  const { src: avatar } = useProtectedFile(user.avatar);
  return (
    <Flex align="center" gap={10} data-testid="user-card" style={{ minWidth: 0 }}>
      <Avatar src={avatar ?? undefined} style={{ flex: 'none' }}>
        {name.slice(0, 1).toUpperCase()}
      </Avatar>
      <Flex vertical style={{ minWidth: 0, lineHeight: 1.3 }}>
        <Typography.Text strong ellipsis={{ tooltip: name }} style={{ maxWidth }}>
          {name}
        </Typography.Text>
        <Typography.Text type="secondary" ellipsis={{ tooltip: status }} style={{ fontSize: 12, maxWidth }}>
          {status}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
