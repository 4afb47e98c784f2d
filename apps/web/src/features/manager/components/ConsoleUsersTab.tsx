import { useState } from 'react';
import { App, Button, Empty, Flex, Select, Tag, Tooltip, Typography } from 'antd';
import { CheckCircleOutlined, EyeOutlined, KeyOutlined, StopOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../shared/api/current-user.ts';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { SearchAndRefresh } from '../../../shared/ui/SearchAndRefresh.tsx';
import { toast } from '../../../shared/ui/toast.ts';
import { useConsoleUsers, type ConsoleUserFilters, type ConsoleUserRow } from '../api/console-users.ts';
import { useSetConsoleUserDisabled } from '../api/console-user-disable.ts';
import { useForceConsolePasswordReset } from '../api/console-user-reset.ts';
import { ConsoleUserDrawer } from './ConsoleUserDrawer.tsx';
import { StateTag } from './ConsoleTags.tsx';

type UserActionRow = Pick<ConsoleUserRow, 'id' | 'username' | 'email' | 'disabled'>;

/**
 * Users (administrators): search by username, e-mail or phone, filter by state and role; open an account; disable or
 * enable it (confirmed); force a password reset (confirmed; the link is mailed). Not on one's own account.
 */
export function ConsoleUsersTab() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { data: me } = useCurrentUser();
  const [filters, setFilters] = useState<ConsoleUserFilters>({});
  const [open, setOpen] = useState<string | null>(null);
  const list = useConsoleUsers(filters, t);
  const setDisabled = useSetConsoleUserDisabled();
  const reset = useForceConsolePasswordReset();

  const filter = (next: ConsoleUserFilters) => {
    setFilters(next);
    list.setKeyword(list.keyword);
  };
  const filtered = Object.values(filters).some((v) => v !== undefined);

  const confirmDisabled = (row: UserActionRow, { disabled }: { disabled: boolean }) =>
    modal.confirm({
      title: t(disabled ? 'console.users.disableTitle' : 'console.users.enableTitle', { name: row.username }),
      content: t(disabled ? 'console.users.disableText' : 'console.users.enableText'),
      okText: t(disabled ? 'console.users.disable' : 'console.users.enable'),
      okButtonProps: { danger: disabled, 'data-testid': 'console-user-state-ok' },
      cancelText: t('common.cancel'),
      onOk: () =>
        setDisabled
          .mutateAsync({ id: row.id, disabled })
          .then(() =>
            toast(
              t(disabled ? 'console.users.disabled' : 'console.users.enabled', { name: row.username }),
              'success',
            ),
          )
          .catch(() => undefined),
    });

  const confirmReset = (row: UserActionRow) =>
    modal.confirm({
      title: t('console.users.resetTitle', { name: row.username }),
      content: t('console.users.resetText', { email: row.email }),
      okText: t('console.users.reset'),
      okButtonProps: { danger: true, 'data-testid': 'console-user-reset-ok' },
      cancelText: t('common.cancel'),
      onOk: () =>
        reset
          .mutateAsync({ id: row.id })
          .then((answer) => toast(t('console.users.resetDone', { email: answer.mailedTo }), 'success'))
          .catch(() => undefined),
    });

  /** The account's actions: none on one's own account; a reset needs an e-mail address and an enabled account. */
  const actionsOf = (row: UserActionRow) => {
    const self = row.id === me?.userId;
    const resetBlocked = self
      ? 'console.users.self'
      : !row.email
        ? 'console.users.noEmail'
        : row.disabled
          ? 'console.users.resetDisabled'
          : null;
    return (
      <>
        {row.disabled ? (
          <Button
            size="small"
            icon={<CheckCircleOutlined />}
            onClick={() => confirmDisabled(row, { disabled: false })}
            data-testid={`console-user-enable-${row.id}`}
          >
            {t('console.users.enable')}
          </Button>
        ) : (
          <Tooltip title={self ? t('console.users.self') : undefined}>
            <Button
              size="small"
              danger
              icon={<StopOutlined />}
              disabled={self}
              onClick={() => confirmDisabled(row, { disabled: true })}
              data-testid={`console-user-disable-${row.id}`}
            >
              {t('console.users.disable')}
            </Button>
          </Tooltip>
        )}
        <Tooltip title={resetBlocked ? t(resetBlocked) : undefined}>
          <Button
            size="small"
            icon={<KeyOutlined />}
            disabled={resetBlocked !== null}
            onClick={() => confirmReset(row)}
            data-testid={`console-user-reset-${row.id}`}
          >
            {t('console.users.reset')}
          </Button>
        </Tooltip>
      </>
    );
  };

  return (
    <Flex vertical gap={16} data-testid="console-users">
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('console.users.intro')}
      </Typography.Paragraph>
      <DataTable<ConsoleUserRow>
        pageKey="manager.consoleUsers"
        rowKey="id"
        loading={list.query.isLoading}
        dataSource={list.records}
        pagination={list.pagination}
        data-testid="console-users-table"
        toolbar={
          <>
            <SearchAndRefresh
              keyword={list.keyword}
              onKeyword={list.setKeyword}
              placeholder={t('console.users.search')}
              onRefresh={() => void list.query.refetch()}
              refreshing={list.query.isFetching}
              data-testid="console-users-search"
            />
            <Select<'active' | 'disabled'>
              allowClear
              placeholder={t('console.users.stateFilter')}
              aria-label={t('console.users.stateFilter')}
              value={filters.disabled === undefined ? undefined : filters.disabled ? 'disabled' : 'active'}
              onChange={(v) =>
                filter({ ...filters, disabled: v === undefined ? undefined : v === 'disabled' })
              }
              options={(['active', 'disabled'] as const).map((v) => ({
                value: v,
                label: t(`console.users.state.${v}`),
              }))}
              style={{ minWidth: 130 }}
              data-testid="console-users-state"
            />
            <Select<'admins' | 'people'>
              allowClear
              placeholder={t('console.users.roleFilter')}
              aria-label={t('console.users.roleFilter')}
              value={filters.admin === undefined ? undefined : filters.admin ? 'admins' : 'people'}
              onChange={(v) => filter({ ...filters, admin: v === undefined ? undefined : v === 'admins' })}
              options={(['people', 'admins'] as const).map((v) => ({
                value: v,
                label: t(`console.users.roles.${v}`),
              }))}
              style={{ minWidth: 150 }}
              data-testid="console-users-role"
            />
          </>
        }
        emptyText={
          <Empty
            description={t(
              list.keyword.trim() || filtered ? 'console.users.emptySearch' : 'console.users.empty',
            )}
          >
            {filtered && (
              <Button onClick={() => filter({})} data-testid="console-users-clear">
                {t('console.clearFilters')}
              </Button>
            )}
          </Empty>
        }
        cardTitle={(r) => <Typography.Text strong>{r.username}</Typography.Text>}
        actions={(r) => (
          <>
            <Button
              size="small"
              icon={<EyeOutlined />}
              onClick={() => setOpen(r.id)}
              data-testid={`console-user-open-${r.id}`}
            >
              {t('console.details')}
            </Button>
            {actionsOf(r)}
          </>
        )}
        columns={[
          {
            key: 'username',
            title: t('console.users.username'),
            ellipsis: 200,
            render: (r) => (
              <Flex gap={4} wrap align="center">
                <Typography.Text strong>{r.username}</Typography.Text>
                {r.isAdmin && <Tag color="purple">{t('console.users.admin')}</Tag>}
              </Flex>
            ),
          },
          { key: 'email', title: t('organization.fields.email'), ellipsis: 220 },
          { key: 'phone', title: t('organization.fields.phone'), ellipsis: 160, defaultHidden: true },
          {
            key: 'orgs',
            title: t('console.users.orgs'),
            ellipsis: 220,
            render: (r) => (r.orgs.length ? r.orgs.map((o) => o.name).join(', ') : '–'),
          },
          {
            key: 'state',
            title: t('console.users.stateFilter'),
            render: (r) => (
              <Flex gap={4} wrap>
                <StateTag kind="users" disabled={r.disabled} />
                {r.passwordResetRequired && <Tag color="warning">{t('console.users.resetPending')}</Tag>}
              </Flex>
            ),
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
            defaultHidden: true,
          },
        ]}
      />
      <ConsoleUserDrawer id={open} onClose={() => setOpen(null)} actions={actionsOf} />
    </Flex>
  );
}
