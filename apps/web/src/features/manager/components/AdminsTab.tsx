import { useState } from 'react';
import { Button, Empty, Flex, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../shared/api/current-user.ts';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { useConsoleAdmins, type ConsoleAdminRow } from '../api/console-admins.ts';
import { AddAdminDialog } from './AddAdminDialog.tsx';
import { StateTag } from './ConsoleTags.tsx';

/**
 * Administrators: the separate accounts that run Archway (no organization, a stricter sign-in limit); only an
 * administrator adds another. Disabling one or forcing a reset is done in the Users tab.
 */
export function AdminsTab() {
  const { t } = useTranslation();
  const { data: me } = useCurrentUser();
  const admins = useConsoleAdmins();
  const [adding, setAdding] = useState(false);
  const add = (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      onClick={() => setAdding(true)}
      data-testid="console-admin-add"
    >
      {t('console.admins.add')}
    </Button>
  );
  return (
    <Flex vertical gap={16} data-testid="console-admins">
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('console.admins.intro')}
      </Typography.Paragraph>
      <DataTable<ConsoleAdminRow>
        pageKey="manager.consoleAdmins"
        rowKey="id"
        loading={admins.isLoading}
        dataSource={admins.data ?? []}
        data-testid="console-admins-table"
        toolbar={add}
        emptyText={<Empty description={t('console.admins.empty')}>{add}</Empty>}
        cardTitle={(r) => <Typography.Text strong>{r.username}</Typography.Text>}
        columns={[
          {
            key: 'username',
            title: t('console.users.username'),
            ellipsis: 200,
            render: (r) => (
              <Flex gap={4} wrap align="center">
                <Typography.Text strong>{r.username}</Typography.Text>
                {r.id === me?.userId && <Tag color="blue">{t('console.admins.you')}</Tag>}
              </Flex>
            ),
          },
          { key: 'email', title: t('organization.fields.email'), ellipsis: 240 },
          {
            key: 'state',
            title: t('console.users.stateFilter'),
            render: (r) => <StateTag kind="users" disabled={r.disabled} />,
          },
          {
            key: 'lastSignIn',
            title: t('console.users.lastSignIn'),
            render: (r) => (r.lastSignIn ? dayjs(r.lastSignIn).format('L LT') : t('console.users.never')),
          },
          {
            key: 'createdAt',
            title: t('console.users.createdAt'),
            render: (r) => dayjs(r.createdAt).format('L'),
          },
        ]}
      />
      {adding && <AddAdminDialog onClose={() => setAdding(false)} />}
    </Flex>
  );
}
