import { Button, Empty, Flex, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { toast } from '../../../shared/ui/toast.ts';
import { useJoinRequests, type JoinRequestRow } from '../api/get-join-requests.ts';
import { useConfirmJoin } from '../api/confirm-join.ts';
import { localTime } from '../utils/time.ts';

/** Pending join requests (owners): accept (a new member) or refuse, after confirming. */
export function JoinRequestsTab() {
  const { t } = useTranslation();
  const requests = useJoinRequests();
  const confirm = useConfirmJoin();
  const decide = (r: JoinRequestRow, { accept }: { accept: boolean }) =>
    confirm.mutateAsync({ id: r.id, accept }).then(
      () =>
        toast(t(accept ? 'members.join.accepted' : 'members.join.refused', { name: r.username }), 'success'),
      () => undefined,
    );

  return (
    <DataTable<JoinRequestRow>
      pageKey="members.joinRequests"
      rowKey="id"
      loading={requests.isLoading}
      dataSource={requests.data ?? []}
      data-testid="join-requests-table"
      cardTitle={(r) => r.username}
      emptyText={<Empty description={t('members.join.empty')} />}
      columns={[
        {
          key: 'username',
          title: t('members.list.username'),
          render: (r) => <Typography.Text strong>{r.username}</Typography.Text>,
        },
        { key: 'email', title: t('members.list.email'), ellipsis: true, render: (r) => r.email ?? '–' },
        { key: 'phone', title: t('members.list.phone'), render: (r) => r.phone ?? '–' },
        { key: 'message', title: t('members.join.message'), ellipsis: true, render: (r) => r.message ?? '–' },
        { key: 'createTime', title: t('members.join.askedAt'), render: (r) => localTime(r.createTime) },
      ]}
      actions={(r) => (
        <Flex gap={4} wrap>
          <Popconfirm
            title={t('members.join.acceptConfirm', { name: r.username })}
            okText={t('members.join.accept')}
            cancelText={t('common.cancel')}
            onConfirm={() => decide(r, { accept: true })}
          >
            <Button size="small" type="primary" data-testid={`join-accept-${r.username}`}>
              {t('members.join.accept')}
            </Button>
          </Popconfirm>
          <Popconfirm
            title={t('members.join.refuseConfirm', { name: r.username })}
            okText={t('members.join.refuse')}
            okButtonProps={{ danger: true }}
            cancelText={t('common.cancel')}
            onConfirm={() => decide(r, { accept: false })}
          >
            <Button size="small" danger>
              {t('members.join.refuse')}
            </Button>
          </Popconfirm>
        </Flex>
      )}
    />
  );
}
