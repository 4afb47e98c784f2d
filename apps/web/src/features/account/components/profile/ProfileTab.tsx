import { useState, type ReactNode } from 'react';
import { App as AntApp, Button, Card, Col, Flex, Result, Row, Skeleton, Tag, theme, Typography } from 'antd';
import {
  LockOutlined,
  MailOutlined,
  MobileOutlined,
  WechatOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@archway/contract';
import { toast } from '../../../../shared/ui/toast.ts';
import { useProfile } from '../../api/profile-get.ts';
import { useRemovePhone } from '../../api/profile-remove-phone.ts';
import { useUnbindChatApp } from '../../api/profile-unbind-chat.ts';
import { AvatarUpload } from './AvatarUpload.tsx';
import { ChangeEmailDialog } from './ChangeEmailDialog.tsx';
import { ChangePasswordDialog } from './ChangePasswordDialog.tsx';
import { ChangePhoneDialog } from './ChangePhoneDialog.tsx';
import { DeleteAccountDialog } from './DeleteAccountDialog.tsx';
import { ProfileForm } from './ProfileForm.tsx';
import { refusalText } from './refusal.ts';

type Dialog = 'email' | 'password' | 'phone' | 'delete' | null;

/** One line of the security card: icon, label, value with its state, actions (wrapping below 768 px). */
function SecurityRow(props: {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  actions: ReactNode;
  testId: string;
}) {
  const { token } = theme.useToken();
  return (
    <Flex
      justify="space-between"
      align="center"
      wrap
      gap={8}
      style={{ padding: '12px 0', borderBottom: `1px solid ${token.colorSplit}` }}
      data-testid={props.testId}
    >
      <Flex gap={12} align="center" style={{ minWidth: 0, flex: '1 1 220px' }}>
        <span style={{ fontSize: 18, flex: 'none' }}>{props.icon}</span>
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Text strong>{props.label}</Typography.Text>
          <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{props.value}</div>
        </Flex>
      </Flex>
      <Flex gap={8} wrap>
        {props.actions}
      </Flex>
    </Flex>
  );
}

function Confirmed({ yes }: { yes: boolean }) {
  const { t } = useTranslation();
  return yes ? (
    <Tag color="success">{t('profile.security.confirmed')}</Tag>
  ) : (
    <Tag color="warning">{t('profile.security.unconfirmed')}</Tag>
  );
}

function SecurityCard({ user, open }: { user: CurrentUser; open: (d: Dialog) => void }) {
  const { t } = useTranslation();
  const { modal } = AntApp.useApp();
  const removePhone = useRemovePhone();
  const unbind = useUnbindChatApp();
  const emailConfirmed = user.emailConfirmed === '1';
  const phoneConfirmed = user.phoneConfirmed === '1';
  const none = <Typography.Text type="secondary">{t('profile.security.none')}</Typography.Text>;

  const confirmRemovePhone = () =>
    modal.confirm({
      title: t('profile.security.removePhoneConfirm', { phone: user.phone }),
      okText: t('profile.security.remove'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        removePhone.mutateAsync(undefined).then(
          () => toast(t('profile.security.phoneRemoved'), 'success'),
          () => undefined,
        ),
    });
  const confirmUnbind = () =>
    modal.confirm({
      title: t('profile.security.unbindConfirm'),
      content: t('profile.security.unbindText'),
      okText: t('profile.security.unbind'),
      okButtonProps: { danger: true, 'data-testid': 'unbind-ok' },
      cancelText: t('common.cancel'),
      onOk: () =>
        unbind.mutateAsync(undefined).then(
          () => toast(t('profile.security.unbound'), 'success'),
          (error: unknown) => toast(refusalText(error, t, 'errors.profileThirdParty.notBound')),
        ),
    });

  return (
    <Card title={t('profile.security.title')}>
      <SecurityRow
        testId="security-email"
        icon={<MailOutlined />}
        label={t('profile.security.email')}
        value={
          user.email ? (
            <Flex gap={8} align="center" wrap>
              <Typography.Text>{user.email}</Typography.Text>
              <Confirmed yes={emailConfirmed} />
            </Flex>
          ) : (
            none
          )
        }
        actions={
          <Button onClick={() => open('email')} data-testid="email-change">
            {user.email && !emailConfirmed ? t('profile.security.verify') : t('profile.security.change')}
          </Button>
        }
      />
      <SecurityRow
        testId="security-phone"
        icon={<MobileOutlined />}
        label={t('profile.security.phone')}
        value={
          user.phone ? (
            <Flex gap={8} align="center" wrap>
              <Typography.Text data-testid="phone-value">{user.phone}</Typography.Text>
              <Confirmed yes={phoneConfirmed} />
            </Flex>
          ) : (
            none
          )
        }
        actions={
          <>
            <Button onClick={() => open('phone')} data-testid="phone-change">
              {!user.phone
                ? t('profile.security.add')
                : phoneConfirmed
                  ? t('profile.security.change')
                  : t('profile.security.verify')}
            </Button>
            {user.phone && (
              <Button
                danger
                onClick={confirmRemovePhone}
                loading={removePhone.isPending}
                data-testid="phone-remove"
              >
                {t('profile.security.remove')}
              </Button>
            )}
          </>
        }
      />
      <SecurityRow
        testId="security-password"
        icon={<LockOutlined />}
        label={t('profile.security.password')}
        value={<Typography.Text type="secondary">{t('profile.security.passwordHint')}</Typography.Text>}
        actions={
          <Button onClick={() => open('password')} data-testid="password-change">
            {t('profile.security.change')}
          </Button>
        }
      />
      <SecurityRow
        testId="security-chat"
        icon={<WechatOutlined />}
        label={t('profile.security.chatApp')}
        value={
          user.wxId ? (
            <Tag color="success">{t('profile.security.bound')}</Tag>
          ) : (
            <Typography.Text type="secondary">{t('profile.security.notBound')}</Typography.Text>
          )
        }
        actions={
          user.wxId ? (
            <Button danger onClick={confirmUnbind} loading={unbind.isPending} data-testid="chat-unbind">
              {t('profile.security.unbind')}
            </Button>
          ) : null
        }
      />
    </Card>
  );
}

/** Tab index 0 of `/account`: avatar, profile fields, account security, and the danger zone. */
export function ProfileTab() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const profile = useProfile();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  if (profile.isPending) return <Skeleton active avatar paragraph={{ rows: 6 }} />;
  if (profile.isError)
    return (
      <Result
        status="error"
        title={t('profile.loadFailed')}
        extra={
          <Button type="primary" onClick={() => void profile.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  const user = profile.data;

  return (
    <div data-testid="profile-tab">
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card title={t('profile.info.title')}>
            <Flex vertical gap={24}>
              <AvatarUpload user={user} />
              <ProfileForm user={user} />
            </Flex>
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Flex vertical gap={16}>
            <SecurityCard user={user} open={setDialog} />
            <Card
              title={
                <Flex gap={8} align="center">
                  <WarningOutlined />
                  {t('profile.delete.danger')}
                </Flex>
              }
              styles={{ header: { color: token.colorError } }}
              style={{ borderColor: token.colorErrorBorder }}
            >
              <Flex justify="space-between" align="center" gap={12} wrap>
                <Typography.Text type="secondary" style={{ flex: '1 1 220px' }}>
                  {t('profile.delete.summary')}
                </Typography.Text>
                <Button danger onClick={() => setDialog('delete')} data-testid="delete-account">
                  {t('profile.delete.button')}
                </Button>
              </Flex>
            </Card>
          </Flex>
        </Col>
      </Row>
      <ChangeEmailDialog user={user} open={dialog === 'email'} onClose={close} />
      <ChangePasswordDialog open={dialog === 'password'} onClose={close} />
      <ChangePhoneDialog user={user} open={dialog === 'phone'} onClose={close} />
      <DeleteAccountDialog open={dialog === 'delete'} onClose={close} />
    </div>
  );
}
