import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { OrganizationTab } from './components/organization/OrganizationTab.tsx';

/** `/account`: the personal centre. Tab index 1 is the organization (calls-and-errors §8.1 opens it there). */
export default function AccountPage() {
  const { t } = useTranslation();
  return (
    <Tabs
      items={[
        { key: 'profile', label: t('routes.account'), children: null },
        { key: 'organization', label: t('routes.newAccount'), children: <OrganizationTab /> },
      ]}
    />
  );
}
