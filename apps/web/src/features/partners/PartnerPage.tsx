import { useState } from 'react';
import { Card, Result, Skeleton, Tabs } from 'antd';
import { ExperimentOutlined, MedicineBoxOutlined, TeamOutlined } from '@ant-design/icons';
import { CustType } from '@archway/contract';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../shared/api/current-user.ts';
import { CooperationTab } from './components/CooperationTab.tsx';
import { PartnerTable } from './components/PartnerTable.tsx';

type TabKey = 'clinics' | 'labs' | 'cooperation';

/**
 * `/partner`: partner clinics, partner labs, third-party cooperation (product §1, §2, §4). A clinic opens on its partner
 * labs, every other organization on its partner clinics.
 */
export default function PartnerPage() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  // A clinic's partners are mostly labs, a lab's mostly clinics: the tab a person opens first is the likely one.
  const [chosen, setTab] = useState<TabKey | null>(null);

  if (!user) return <Skeleton active />;
  const tab = chosen ?? (user.custType === CustType.clinic ? 'labs' : 'clinics');
  if (!user.custId) return <Result status="info" title={t('partners.noOrganization')} />;

  return (
    <Card data-testid="partner-page" styles={{ body: { paddingTop: 8 } }}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        items={[
          {
            key: 'clinics',
            icon: <MedicineBoxOutlined />,
            label: t('partners.tabs.clinics'),
            children: <PartnerTable type={CustType.clinic} />,
          },
          {
            key: 'labs',
            icon: <ExperimentOutlined />,
            label: t('partners.tabs.labs'),
            children: <PartnerTable type={CustType.lab} />,
          },
          {
            key: 'cooperation',
            icon: <TeamOutlined />,
            label: t('partners.tabs.cooperation'),
            children: <CooperationTab custId={user.custId} verified={user.custStatus === 0} />,
          },
        ]}
      />
    </Card>
  );
}
