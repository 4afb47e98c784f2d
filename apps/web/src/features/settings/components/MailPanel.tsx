import { Alert, Divider, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MailSetting } from '@archway/contract';
import { useSetting } from '../api/get-setting.ts';
import { useSaveSetting } from '../api/save-setting.ts';
import { useSaveFeedback } from './feedback.ts';
import { SwitchRow } from './SwitchRow.tsx';

/** E-mail subscription (type 0, per person): mails on a received case and on device changes; on by default. */
export function MailPanel() {
  const { t } = useTranslation();
  const setting = useSetting(0);
  const feedback = useSaveFeedback();
  const save = useSaveSetting({ onSuccess: feedback.saved, onError: feedback.failed });

  if (setting.isPending) return <Skeleton active />;
  if (setting.isError) return <Alert type="error" showIcon title={t('preferences.emailUpdateNoSuccess')} />;
  const value = save.isPending && save.variables?.type === 0 ? (save.variables as MailSetting) : setting.data;
  const change = (patch: Partial<MailSetting>) => save.mutate({ type: 0, ...value, ...patch });

  return (
    <Flex vertical style={{ maxWidth: 640 }}>
      <Typography.Text type="secondary">{t('preferences.mail.hint')}</Typography.Text>
      <Divider style={{ margin: '12px 0 4px' }} />
      <SwitchRow
        label={t('preferences.mail.case')}
        hint={t('preferences.mail.caseHint')}
        checked={value.CaseEmailNotice}
        disabled={save.isPending}
        testId="mail-case"
        onChange={(on) => change({ CaseEmailNotice: on })}
      />
      <SwitchRow
        label={t('preferences.mail.equipment')}
        hint={t('preferences.mail.equipmentHint')}
        checked={value.EquipEmailNotie}
        disabled={save.isPending}
        testId="mail-equipment"
        onChange={(on) => change({ EquipEmailNotie: on })}
      />
    </Flex>
  );
}
