import type { ReactNode } from 'react';
import { Alert, Descriptions, Drawer, Flex, Result, Skeleton, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useViewportMode } from '../../../shared/ui/use-viewport.ts';
import { useConsoleUser, type ConsoleUserDetail } from '../api/console-user-detail.ts';
import { StateTag } from './ConsoleTags.tsx';

const dash = (v: string | null | undefined) => v || '–';

/** One account in the console: who it is, its organizations, its sign-in state; disable, enable, force a reset. */
export function ConsoleUserDrawer({
  id,
  onClose,
  actions,
}: {
  id: string | null;
  onClose: () => void;
  actions: (row: Pick<ConsoleUserDetail, 'id' | 'username' | 'email' | 'disabled'>) => ReactNode;
}) {
  const { t } = useTranslation();
  const mode = useViewportMode();
  const user = useConsoleUser(id);
  const u = user.data;
  const time = (v: string | null) => (v ? dayjs(v).format('L LT') : '–');
  return (
    <Drawer
      open={Boolean(id)}
      onClose={onClose}
      title={u?.username ?? t('console.users.detailTitle')}
      size={mode === 'mobile' ? '100%' : 560}
      destroyOnHidden
      data-testid="console-user-drawer"
    >
      {user.isError ? (
        <Result status="warning" title={t('console.loadFailed')} />
      ) : !u ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={16}>
          {u.passwordResetRequired && (
            <Alert
              type="warning"
              showIcon
              title={t('console.users.resetPendingText')}
              data-testid="console-user-reset-pending"
            />
          )}
          <Flex gap={8} wrap>
            {actions(u)}
          </Flex>
          <Descriptions
            size="small"
            bordered
            column={1}
            styles={{ label: { width: mode === 'mobile' ? 120 : 180 } }}
            items={[
              {
                key: 'username',
                label: t('console.users.username'),
                children: (
                  <Flex gap={4} wrap align="center">
                    <Typography.Text strong>{u.username}</Typography.Text>
                    {u.isAdmin && <Tag color="purple">{t('console.users.admin')}</Tag>}
                  </Flex>
                ),
              },
              {
                key: 'state',
                label: t('console.users.stateFilter'),
                children: <StateTag kind="users" disabled={u.disabled} />,
              },
              {
                key: 'email',
                label: t('organization.fields.email'),
                children: (
                  <Flex gap={4} wrap align="center">
                    <span style={{ wordBreak: 'break-all' }}>{dash(u.email)}</span>
                    {u.email && (
                      <Tag>
                        {t(u.emailConfirmed ? 'console.users.confirmed' : 'console.users.unconfirmed')}
                      </Tag>
                    )}
                  </Flex>
                ),
              },
              {
                key: 'phone',
                label: t('organization.fields.phone'),
                children: (
                  <Flex gap={4} wrap align="center">
                    <span>{dash(u.phone)}</span>
                    {u.phone && (
                      <Tag>
                        {t(u.phoneConfirmed ? 'console.users.confirmed' : 'console.users.unconfirmed')}
                      </Tag>
                    )}
                  </Flex>
                ),
              },
              {
                key: 'orgs',
                label: t('console.users.orgs'),
                children: u.orgs.length ? (
                  <Flex vertical gap={4}>
                    {u.orgs.map((o) => (
                      <Flex key={o.id} gap={4} wrap align="center">
                        <span>{o.name}</span>
                        <Tag color={o.role === 'owner' ? 'gold' : 'default'}>
                          {t(`console.roles.${o.role}`)}
                        </Tag>
                        {o.disabled && <Tag color="error">{t('console.orgs.state.disabled')}</Tag>}
                      </Flex>
                    ))}
                  </Flex>
                ) : (
                  t(u.isAdmin ? 'console.users.adminNoOrg' : 'console.users.noOrg')
                ),
              },
              { key: 'language', label: t('console.users.language'), children: dash(u.language) },
              {
                key: 'place',
                label: t('organization.fields.place'),
                children: dash([u.city, u.region, u.country].filter(Boolean).join(', ')),
              },
              { key: 'createdAt', label: t('console.users.createdAt'), children: time(u.createdAt) },
              {
                key: 'lastSignIn',
                label: t('console.users.lastSignIn'),
                children: u.lastSignIn ? time(u.lastSignIn) : t('console.users.never'),
              },
              {
                key: 'sessions',
                label: t('console.users.sessionsEnded'),
                children: time(u.sessionsValidFrom),
              },
            ]}
            data-testid="console-user-fields"
          />
        </Flex>
      )}
    </Drawer>
  );
}
