import { Button, Empty, Flex, Form, Input, Popconfirm, Select, Tag, Typography } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MemberRole } from '@archway/contract';
import { ApiError } from '../../../shared/request.ts';
import { DataTable } from '../../../shared/ui/DataTable.tsx';
import { toast } from '../../../shared/ui/toast.ts';
import { useInvitations, type InvitationRow } from '../api/get-invitations.ts';
import { useInviteMember } from '../api/invite-member.ts';
import { useWithdrawInvitation } from '../api/withdraw-invitation.ts';
import { localTime } from '../utils/time.ts';
import { RoleTag } from './RoleTag.tsx';

const STATE_COLORS = { pending: 'processing', accepted: 'success', expired: 'default' } as const;

interface InviteForm {
  email: string;
  role: MemberRole;
}

/** Invite by e-mail (owners) and the invitations sent, with their state; a pending one may be withdrawn. */
export function InvitationsTab() {
  const { t } = useTranslation();
  const [form] = Form.useForm<InviteForm>();
  const invitations = useInvitations();
  const withdraw = useWithdrawInvitation();
  const invite = useInviteMember({
    onSuccess: (row) => {
      toast(t('members.invite.sent', { email: row.email }), 'success');
      form.resetFields();
    },
    onError: (err) =>
      form.setFields([
        {
          name: 'email',
          errors: [t(err instanceof ApiError ? err.i18nKey : 'errors.member.parameter')],
        },
      ]),
  });

  return (
    <Flex vertical gap={16}>
      <Form<InviteForm>
        form={form}
        layout="vertical"
        initialValues={{ role: 'member' }}
        onFinish={(v) => invite.mutate(v)}
        data-testid="invite-form"
        style={{ maxWidth: 640 }}
      >
        <Typography.Paragraph type="secondary">{t('members.invite.intro')}</Typography.Paragraph>
        <Flex gap={8} wrap align="start">
          <Form.Item
            name="email"
            label={t('members.invite.email')}
            rules={[{ required: true, type: 'email', message: t('members.invite.emailInvalid') }]}
            style={{ flex: '1 1 240px', marginBottom: 8 }}
          >
            <Input
              prefix={<MailOutlined />}
              type="email"
              autoComplete="off"
              placeholder={t('members.invite.emailPlaceholder')}
              data-testid="invite-email"
            />
          </Form.Item>
          <Form.Item
            name="role"
            label={t('members.invite.role')}
            style={{ flex: '0 0 180px', marginBottom: 8 }}
          >
            <Select
              options={[
                { value: 'member', label: t('members.role.member') },
                { value: 'owner', label: t('members.role.owner') },
              ]}
            />
          </Form.Item>
        </Flex>
        <Button type="primary" htmlType="submit" loading={invite.isPending} data-testid="invite-send">
          {t('members.invite.send')}
        </Button>
      </Form>

      <DataTable<InvitationRow>
        pageKey="members.invitations"
        rowKey="id"
        loading={invitations.isLoading}
        dataSource={invitations.data ?? []}
        data-testid="invitations-table"
        cardTitle={(r) => r.email}
        emptyText={<Empty description={t('members.invite.empty')} />}
        columns={[
          { key: 'email', title: t('members.invite.email'), ellipsis: true },
          { key: 'role', title: t('members.list.role'), render: (r) => <RoleTag role={r.role} /> },
          {
            key: 'state',
            title: t('members.invite.state'),
            render: (r) => <Tag color={STATE_COLORS[r.state]}>{t(`members.invite.states.${r.state}`)}</Tag>,
          },
          { key: 'invitedBy', title: t('members.invite.invitedBy'), render: (r) => r.invitedBy ?? '–' },
          { key: 'createTime', title: t('members.invite.sentAt'), render: (r) => localTime(r.createTime) },
          {
            key: 'expireTime',
            title: t('members.invite.expires'),
            render: (r) => (r.state === 'accepted' ? localTime(r.acceptTime) : localTime(r.expireTime)),
            defaultHidden: true,
          },
        ]}
        actions={
          (invitations.data ?? []).some((r) => r.state === 'pending')
            ? (r) =>
                r.state === 'pending' ? (
                  <Popconfirm
                    title={t('members.invite.withdrawConfirm', { email: r.email })}
                    okText={t('members.invite.withdraw')}
                    okButtonProps={{ danger: true }}
                    cancelText={t('common.cancel')}
                    onConfirm={() => withdraw.mutateAsync(r.id).catch(() => undefined)}
                  >
                    <Button size="small" danger>
                      {t('members.invite.withdraw')}
                    </Button>
                  </Popconfirm>
                ) : null
            : undefined
        }
      />
    </Flex>
  );
}
