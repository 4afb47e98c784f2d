import { Button, Flex, Popconfirm, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { toast } from '../../../shared/ui/toast.ts';
import { useMembers, type MemberRow } from '../api/get-members.ts';
import { useRemoveMember } from '../api/remove-member.ts';
import { useChangeRole } from '../api/change-role.ts';
import { localTime } from '../utils/time.ts';
import { RoleTag } from './RoleTag.tsx';

/** The member list: role, contacts as each one's settings allow, joined date; remove / leave and change role. */
export function MembersTab({ onLeft }: { onLeft: () => void }) {
  const { t } = useTranslation();
  const members = useMembers();
  const remove = useRemoveMember();
  const changeRole = useChangeRole({
    onSuccess: () => toast(t('members.list.roleChanged'), 'success'),
  });

  const actions = (m: MemberRow) => (
    <Flex gap={4} wrap>
      {m.actions.changeRole && !m.isSelf && (
        <Popconfirm
          title={t(m.role === 'owner' ? 'members.list.makeMemberConfirm' : 'members.list.makeOwnerConfirm', {
            name: m.username,
          })}
          okText={t('members.list.confirm')}
          cancelText={t('common.cancel')}
          onConfirm={() =>
            changeRole
              .mutateAsync({ userId: m.userId, role: m.role === 'owner' ? 'member' : 'owner' })
              .catch(() => undefined)
          }
        >
          <Button size="small" data-testid={`member-role-${m.username}`}>
            {t(m.role === 'owner' ? 'members.list.makeMember' : 'members.list.makeOwner')}
          </Button>
        </Popconfirm>
      )}
      {m.actions.remove && (
        <Popconfirm
          title={t(m.isSelf ? 'members.list.leaveConfirm' : 'members.list.removeConfirm', {
            name: m.username,
          })}
          description={t(m.isSelf ? 'members.list.leaveHint' : 'members.list.removeHint')}
          okText={t(m.isSelf ? 'members.list.leave' : 'members.list.remove')}
          okButtonProps={{ danger: true }}
          cancelText={t('common.cancel')}
          onConfirm={() =>
            remove.mutateAsync(m.userId).then(
              () => (m.isSelf ? onLeft() : toast(t('members.list.removed', { name: m.username }), 'success')),
              () => undefined,
            )
          }
        >
          <Button size="small" danger data-testid={`member-remove-${m.username}`}>
            {t(m.isSelf ? 'members.list.leave' : 'members.list.remove')}
          </Button>
        </Popconfirm>
      )}
    </Flex>
  );

  return (
    <DataTable<MemberRow>
      pageKey="members.list"
      rowKey="userId"
      loading={members.isLoading}
      dataSource={members.data ?? []}
      data-testid="members-table"
      toolbar={
        <Typography.Text type="secondary">
          {t('members.list.count', { count: members.data?.length ?? 0 })}
        </Typography.Text>
      }
      cardTitle={(m) => m.username}
      columns={[
        {
          key: 'username',
          title: t('members.list.username'),
          render: (m) => (
            <Flex gap={6} align="center" wrap>
              <Typography.Text strong>{m.username}</Typography.Text>
              {m.isSelf && <Tag color="blue">{t('members.list.you')}</Tag>}
            </Flex>
          ),
        },
        { key: 'role', title: t('members.list.role'), render: (m) => <RoleTag role={m.role} /> },
        { key: 'email', title: t('members.list.email'), ellipsis: true, render: (m) => m.email ?? '–' },
        { key: 'phone', title: t('members.list.phone'), render: (m) => m.phone ?? '–' },
        { key: 'joinTime', title: t('members.list.joined'), render: (m) => localTime(m.joinTime) },
      ]}
      actions={
        (members.data ?? []).some((m) => m.actions.remove || m.actions.changeRole) ? actions : undefined
      }
    />
  );
}
