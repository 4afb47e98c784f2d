import { Alert, Button, Card, Descriptions, Flex, Result, Spin, Typography, theme } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { signOut } from '../../shared/auth/identity.ts';
import { useToken } from '../../shared/auth/use-token.ts';
import { ApiError } from '../../shared/request.ts';
import { InvitationErrors } from '@archway/contract';
import { Logo } from '../../shared/ui/Logo.tsx';
import { useInvitationInfo } from './api/get-invitation-info.ts';
import { useAcceptInvitation } from './api/accept-invitation.ts';
import { RoleTag } from './components/RoleTag.tsx';
import { localTime } from './utils/time.ts';

const errorKey = (err: unknown) => (err instanceof ApiError ? err.i18nKey : 'errors.invitation.invalid');

/**
 * `/invitation?token=`: the mailed invitation. Shows the organization and the invited address; a signed-out visitor
 * signs in (or registers) first and comes back here; a signed-in one accepts.
 */
export default function InvitationPage() {
  const { t } = useTranslation();
  const { token: design } = theme.useToken();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const signedIn = Boolean(useToken());
  const info = useInvitationInfo(token);
  const accept = useAcceptInvitation();
  const here = `/invitation?token=${encodeURIComponent(token)}`;

  let body;
  if (accept.isSuccess) {
    body = (
      <Result
        status="success"
        title={t('members.invitation.welcome', { name: accept.data.custName })}
        extra={
          <Button type="primary" onClick={() => navigate('/newAccount')} data-testid="invitation-open">
            {t('members.invitation.open')}
          </Button>
        }
        data-testid="invitation-accepted"
      />
    );
  } else if (!token || info.isError) {
    body = (
      <Result
        status="warning"
        subTitle={t(errorKey(info.error))}
        extra={<Link to={signedIn ? '/home' : '/login'}>{t('members.invitation.leave')}</Link>}
        data-testid="invitation-invalid"
      />
    );
  } else if (!info.data) {
    body = (
      <Spin>
        <div style={{ minHeight: 120 }} />
      </Spin>
    );
  } else {
    const i = info.data;
    body = (
      <Flex vertical gap={16}>
        <Flex gap={12} align="center">
          <TeamOutlined style={{ fontSize: 28, color: design.colorPrimary }} />
          <Typography.Title level={4} style={{ margin: 0, overflowWrap: 'anywhere' }}>
            {t('members.invitation.title', { name: i.custName })}
          </Typography.Title>
        </Flex>
        <Typography.Paragraph style={{ margin: 0 }}>
          {t(i.invitedBy ? 'members.invitation.byWhom' : 'members.invitation.byNobody', {
            inviter: i.invitedBy,
            name: i.custName,
          })}
        </Typography.Paragraph>
        <Descriptions
          column={1}
          size="small"
          bordered
          items={[
            {
              key: 'email',
              label: t('members.invite.email'),
              children: <span style={{ overflowWrap: 'anywhere' }}>{i.email}</span>,
            },
            { key: 'role', label: t('members.list.role'), children: <RoleTag role={i.role} /> },
            { key: 'expires', label: t('members.invite.expires'), children: localTime(i.expireTime) },
          ]}
        />
        {accept.isError && (
          <Alert
            type="error"
            showIcon
            message={t(errorKey(accept.error))}
            description={
              accept.error instanceof ApiError && accept.error.code === InvitationErrors.wrongAccount.code ? (
                <Flex vertical gap={8} align="start">
                  <Typography.Text type="secondary">{t('members.invitation.switchHint')}</Typography.Text>
                  <Button onClick={() => void signOut()} data-testid="invitation-switch">
                    {t('members.invitation.switchAccount')}
                  </Button>
                </Flex>
              ) : undefined
            }
            data-testid="invitation-error"
          />
        )}
        {signedIn ? (
          <Button
            type="primary"
            size="large"
            block
            loading={accept.isPending}
            onClick={() => accept.mutate(token)}
            data-testid="invitation-accept"
          >
            {t('members.invitation.accept')}
          </Button>
        ) : (
          <Flex vertical gap={8}>
            <Typography.Text type="secondary">
              {t('members.invitation.signInFirst', { email: i.email })}
            </Typography.Text>
            <Button
              type="primary"
              size="large"
              block
              onClick={() => navigate('/login', { state: { from: here } })}
              data-testid="invitation-sign-in"
            >
              {t('members.invitation.signIn')}
            </Button>
            <Link to="/register">{t('members.invitation.register')}</Link>
          </Flex>
        )}
      </Flex>
    );
  }

  return (
    <Flex
      align="center"
      justify="center"
      style={{
        minHeight: '100vh',
        padding: 16,
        background: `linear-gradient(140deg, ${design.colorPrimary} 0%, ${design.colorPrimaryBgHover} 55%, ${design.colorBgLayout} 100%)`,
      }}
    >
      <Card
        style={{ width: '100%', maxWidth: 460, boxShadow: design.boxShadowSecondary }}
        data-testid="invitation-card"
      >
        <div style={{ marginBottom: 16 }}>
          <Logo color={design.colorPrimary} size={32} />
        </div>
        {body}
      </Card>
    </Flex>
  );
}
