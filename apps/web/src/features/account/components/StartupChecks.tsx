import { useEffect, useState } from 'react';
import { App as AntApp, Button, Modal, Space } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@archway/contract';
import { toast } from '../../../shared/ui/toast.ts';
import { useSendConfirmation } from '../api/profile-send-confirmation.ts';

/** Once answered (verify, complete or cancel), a check is not shown again in this browser session. */
const SEEN = { verify: 'startupVerifySeen', organization: 'startupOrganizationSeen' } as const;
type Check = keyof typeof SEEN;

const seen = (check: Check) => globalThis.sessionStorage?.getItem(SEEN[check]) === '1';
const NOTICE_KEY = 'startup-organization';
const DISABLED_KEY = 'startup-organization-disabled';

/**
 * The start-up checks of calls-and-errors §8.1, mounted once by the app layout:
 * - both phone and e-mail unconfirmed → a dialog offering to verify or cancel: verifying mails a confirmation link to
 *   the person's address (`GET /user/confirmEmail?mail=`), or opens the profile in `/account` when there is none;
 * - no organization → a prompt opening account management on tab index 1 (platform administrators belong to none);
 * - an organization the platform administrator disabled → a notice saying so (instead of that prompt).
 * Neither shows on `/account` itself, nor while `paused` (the first-use guide is open), nor again in the session once
 * answered.
 */
export function StartupChecks({ user, paused = false }: { user: CurrentUser; paused?: boolean }) {
  const { t } = useTranslation();
  const { notification } = AntApp.useApp();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const sendConfirmation = useSendConfirmation();
  const [answered, setAnswered] = useState(() => ({
    verify: seen('verify'),
    organization: seen('organization'),
  }));
  const answer = (check: Check) => {
    globalThis.sessionStorage?.setItem(SEEN[check], '1');
    setAnswered((current) => ({ ...current, [check]: true }));
  };

  const here = !paused && !pathname.startsWith('/account');
  const verify = here && !answered.verify && user.phoneConfirmed !== '1' && user.emailConfirmed !== '1';
  const organization =
    here && !verify && !answered.organization && !user.custId && !user.isAdmin && !user.disabledCust;
  // The platform administrator disabled the person's organization: said on every start until it is enabled again.
  const disabledName = paused ? null : (user.disabledCust?.name ?? null);

  useEffect(() => {
    if (!disabledName) {
      notification.destroy(DISABLED_KEY);
      return;
    }
    notification.open({
      key: DISABLED_KEY,
      type: 'error',
      duration: 0,
      title: t('console.memberNotice.title', { name: disabledName }),
      description: t('console.memberNotice.text'),
      props: { 'data-testid': 'startup-org-disabled' },
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [disabledName]);

  useEffect(() => {
    if (!organization) {
      notification.destroy(NOTICE_KEY);
      return;
    }
    notification.open({
      key: NOTICE_KEY,
      type: 'info',
      duration: 0,
      title: t('startup.organization.title'),
      description: t('startup.organization.text'),
      actions: (
        <Space>
          <Button
            size="small"
            onClick={() => {
              answer('organization');
              notification.destroy(NOTICE_KEY);
            }}
          >
            {t('startup.organization.later')}
          </Button>
          <Button
            size="small"
            type="primary"
            data-testid="startup-organization-open"
            onClick={() => {
              answer('organization');
              notification.destroy(NOTICE_KEY);
              void navigate('/account?tab=1');
            }}
          >
            {t('startup.organization.open')}
          </Button>
        </Space>
      ),
      onClose: () => answer('organization'),
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [organization]);

  return (
    <Modal
      open={verify}
      title={t('startup.verify.title')}
      okText={t('startup.verify.ok')}
      cancelText={t('common.cancel')}
      onOk={() => {
        answer('verify');
        if (!user.email) {
          void navigate('/account');
          return;
        }
        sendConfirmation.mutate(user.email, {
          onSuccess: (sent) => toast(t('startup.verify.sent', { email: sent.email }), 'success'),
        });
      }}
      onCancel={() => answer('verify')}
      okButtonProps={{ 'data-testid': 'startup-verify-ok' }}
      cancelButtonProps={{ 'data-testid': 'startup-verify-cancel' }}
    >
      {t('startup.verify.text')}
    </Modal>
  );
}
