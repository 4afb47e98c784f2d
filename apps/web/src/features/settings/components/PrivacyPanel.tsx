import { useState } from 'react';
import { Alert, Card, Divider, Flex, Skeleton, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { usePrivacy } from '../api/get-privacy.ts';
import { hideField, showField, type PrivacyBit } from '../api/change-privacy.ts';
import { saveSetting } from '../api/save-setting.ts';
import { SETTINGS_KEY } from '../api/keys.ts';
import { useIsAdministrator } from '../api/get-my-role.ts';
import { useSaveFeedback } from './feedback.ts';
import { runMasterSwitch, switchView } from './privacy-switch.ts';
import { SwitchRow } from './SwitchRow.tsx';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const notices = (on: boolean) => ({
  type: 1 as const,
  CustEmailNotice: on,
  CustPhoneNotice: on,
  CustNameNotice: on,
});

/**
 * User secret (product §4 "Privacy switch"). The master switch off hides every field (bits 2, 4, 8) and sets the
 * three customer notices false; on shows the e-mail (2), then the phone (4) 100 ms later, and sets them true.
 * Each field also has its own switch. A load failure shows loadPermissionFailed and disables the switches.
 */
export function PrivacyPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const privacy = usePrivacy();
  const administrator = useIsAdministrator();
  const [busy, setBusy] = useState(false);
  // Calls §8.4: a failed DELETE (show: removes the hide bit) says permissionDeleteFailed, a failed PUT (hide)
  // permissionUpdateFailed.
  const showFailed = useSaveFeedback('preferences.permissionDeleteFailed').failed;
  const hideFailed = useSaveFeedback('preferences.permissionUpdateFailed').failed;

  const run = async (steps: () => Promise<void>) => {
    setBusy(true);
    try {
      await steps();
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: SETTINGS_KEY });
    }
  };
  const setField = (bit: PrivacyBit, visible: boolean) =>
    run(async () => {
      await (visible ? showField(bit) : hideField(bit)).catch(visible ? showFailed : hideFailed);
    });
  const setMaster = (on: boolean) =>
    run(async () => {
      await runMasterSwitch(
        { on },
        {
          show: showField,
          hide: hideField,
          notices: (value) => saveSetting(notices(value)),
          wait,
        },
      ).catch(on ? showFailed : hideFailed);
    });

  if (privacy.isPending) return <Skeleton active />;
  const failed = privacy.isError;
  const view = switchView(failed ? 0 : privacy.data.privacy);
  const disabled = failed || busy || !administrator;

  return (
    <Flex vertical gap={16} style={{ maxWidth: 640 }}>
      {failed && (
        <Alert
          type="error"
          showIcon
          title={t('preferences.loadPermissionFailed')}
          data-testid="privacy-load-failed"
        />
      )}
      <Typography.Text type="secondary">{t('preferences.privacy.hint')}</Typography.Text>
      <Card size="small">
        <SwitchRow
          label={t('preferences.privacy.master')}
          hint={t('preferences.privacy.masterHint')}
          checked={view.master}
          disabled={disabled}
          loading={busy}
          testId="privacy-master"
          onChange={(on) => void setMaster(on)}
        />
        <Divider style={{ margin: '4px 0' }} />
        <SwitchRow
          label={t('preferences.privacy.email')}
          checked={view.email}
          disabled={disabled}
          testId="privacy-email"
          onChange={(on) => void setField(2, on)}
        />
        <SwitchRow
          label={t('preferences.privacy.phone')}
          checked={view.phone}
          disabled={disabled}
          testId="privacy-phone"
          onChange={(on) => void setField(4, on)}
        />
        <SwitchRow
          label={t('preferences.privacy.address')}
          hint={t('preferences.privacy.addressHint')}
          checked={view.address}
          disabled={disabled}
          testId="privacy-address"
          onChange={(on) => void setField(8, on)}
        />
      </Card>
      {!administrator && (
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {t('preferences.privacy.administratorOnly')}
        </Typography.Text>
      )}
    </Flex>
  );
}
