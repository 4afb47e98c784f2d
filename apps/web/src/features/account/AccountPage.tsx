import { Tabs } from 'antd';
import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { OrganizationTab } from './components/organization/OrganizationTab.tsx';
import { ProfileTab } from './components/profile/ProfileTab.tsx';

const TABS = ['profile', 'organization'] as const;

/** The tab index asked for: `?tab=1`, or `{ tab: 1 }` in the route state (calls-and-errors §8.1 opens index 1). */
function askedIndex(search: URLSearchParams, state: unknown): number {
  const fromState = (state as { tab?: unknown } | null)?.tab;
  const asked = search.get('tab') ?? (fromState === undefined ? null : String(fromState));
  return asked === '1' ? 1 : 0;
}

/** `/account`: the personal centre. Tab index 0 is the person's profile, index 1 the organization. */
export default function AccountPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const { state } = useLocation();
  const index = askedIndex(search, state);
  return (
    <Tabs
      activeKey={TABS[index]}
      onChange={(key) =>
        setSearch(key === 'organization' ? { tab: '1' } : {}, { replace: true, state: null })
      }
      items={[
        { key: 'profile', label: t('profile.tabs.profile'), children: <ProfileTab /> },
        { key: 'organization', label: t('profile.tabs.organization'), children: <OrganizationTab /> },
      ]}
    />
  );
}
