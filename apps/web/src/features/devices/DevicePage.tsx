import { useState } from 'react';
import { Card, Result, Skeleton } from 'antd';
import { AppstoreOutlined, PlusCircleOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../shared/api/current-user.ts';
import { SectionTabs } from '../../shared/ui/SectionTabs.tsx';
import { BindDeviceForm } from './components/BindDeviceForm.tsx';
import { DeviceDialogs, type OpenDialog } from './components/DeviceDialogs.tsx';
import { DeviceTable } from './components/DeviceTable.tsx';
import { LentTab } from './components/LentTab.tsx';

type TabKey = 'all' | 'authorized' | 'register';

/** `/device` (kept alive): all devices, authorized devices, register device (product §2). */
export default function DevicePage() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const [tab, setTab] = useState<TabKey>('all');
  const [dialog, setDialog] = useState<OpenDialog | null>(null);

  if (!user) return <Skeleton active />;
  // Devices belong to organizations.
  if (!user.custId) return <Result status="info" title={t('devices.noOrganization')} />;
  const custId = user.custId;

  return (
    <Card data-testid="device-page" styles={{ body: { paddingTop: 8 } }}>
      {/* The three tabs wrap on a phone rather than folding "Register device" under a "…" menu, which could stay
          open over the receivers dialog. */}
      <SectionTabs
        id="device-tabs"
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        sections={[
          {
            key: 'all',
            icon: <AppstoreOutlined />,
            label: t('devices.tabs.all'),
            children: <DeviceTable onAction={(action, device) => setDialog({ action, device })} />,
          },
          {
            key: 'authorized',
            icon: <SafetyCertificateOutlined />,
            label: t('devices.tabs.authorized'),
            children: (
              <LentTab custId={custId} onReceivers={(device) => setDialog({ action: 'receivers', device })} />
            ),
          },
          {
            key: 'register',
            icon: <PlusCircleOutlined />,
            label: t('devices.tabs.register'),
            children: <BindDeviceForm name="deviceBind" onBound={() => setTab('all')} />,
          },
        ]}
      />
      <DeviceDialogs open={dialog} custId={custId} onClose={() => setDialog(null)} />
    </Card>
  );
}
