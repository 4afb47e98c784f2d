import { Alert, Card, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CustSearchSetting, UserSearchSetting } from '@archway/contract';
import { useSetting } from '../api/get-setting.ts';
import { useSaveSetting } from '../api/save-setting.ts';
import { useUserSearch } from '../api/get-user-search.ts';
import { useSaveUserSearch } from '../api/save-user-search.ts';
import { useIsAdministrator } from '../api/get-my-role.ts';
import { useSaveFeedback } from './feedback.ts';
import { SwitchRow } from './SwitchRow.tsx';

/** Custom search: who may find me (e-mail, phone, name) and my organization (name, phone, e-mail). */
export function SearchPanel() {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={16} style={{ maxWidth: 640 }}>
      <Typography.Text type="secondary">{t('preferences.search.hint')}</Typography.Text>
      <Card size="small" title={t('preferences.search.user')}>
        <UserSearch />
      </Card>
      <Card size="small" title={t('preferences.search.organization')}>
        <OrganizationSearch />
      </Card>
    </Flex>
  );
}

function UserSearch() {
  const { t } = useTranslation();
  const setting = useUserSearch();
  const feedback = useSaveFeedback();
  const save = useSaveUserSearch({ onSuccess: feedback.saved, onError: feedback.failed });
  if (setting.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (setting.isError) return <Alert type="error" showIcon title={t('preferences.emailUpdateNoSuccess')} />;
  const value = save.isPending && save.variables ? save.variables : setting.data;
  const change = (patch: Partial<UserSearchSetting>) => save.mutate({ ...value, ...patch });
  return (
    <>
      <SwitchRow
        label={t('preferences.search.byEmail')}
        checked={value.emailNotice}
        disabled={save.isPending}
        testId="user-search-email"
        onChange={(on) => change({ emailNotice: on })}
      />
      <SwitchRow
        label={t('preferences.search.byPhone')}
        checked={value.phoneNotice}
        disabled={save.isPending}
        testId="user-search-phone"
        onChange={(on) => change({ phoneNotice: on })}
      />
      <SwitchRow
        label={t('preferences.search.byName')}
        checked={value.nameNotice}
        disabled={save.isPending}
        testId="user-search-name"
        onChange={(on) => change({ nameNotice: on })}
      />
    </>
  );
}

function OrganizationSearch() {
  const { t } = useTranslation();
  const setting = useSetting(1);
  const administrator = useIsAdministrator();
  const feedback = useSaveFeedback('preferences.emailUpdatesWarning');
  const save = useSaveSetting({ onSuccess: feedback.saved, onError: feedback.failed });
  if (setting.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (setting.isError) return <Alert type="error" showIcon title={t('preferences.emailUpdateNoSuccess')} />;
  const value =
    save.isPending && save.variables?.type === 1 ? (save.variables as CustSearchSetting) : setting.data;
  const change = (patch: Partial<CustSearchSetting>) => save.mutate({ type: 1, ...value, ...patch });
  return (
    <>
      <SwitchRow
        label={t('preferences.search.byName')}
        checked={value.CustNameNotice}
        disabled={save.isPending || !administrator}
        testId="org-search-name"
        onChange={(on) => change({ CustNameNotice: on })}
      />
      <SwitchRow
        label={t('preferences.search.byPhone')}
        checked={value.CustPhoneNotice}
        disabled={save.isPending || !administrator}
        testId="org-search-phone"
        onChange={(on) => change({ CustPhoneNotice: on })}
      />
      <SwitchRow
        label={t('preferences.search.byEmail')}
        checked={value.CustEmailNotice}
        disabled={save.isPending || !administrator}
        testId="org-search-email"
        onChange={(on) => change({ CustEmailNotice: on })}
      />
      {!administrator && (
        <Typography.Text type="secondary" style={{ fontSize: 13 }} data-testid="org-search-readonly">
          {t('preferences.search.administratorOnly')}
        </Typography.Text>
      )}
    </>
  );
}
