import { useState } from 'react';
import { Drawer, Flex, Menu, Spin } from 'antd';
import { GlobalOutlined, LogoutOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { signOut } from '../../../shared/auth/identity.ts';
import { useViewportMode } from '../../../shared/ui/use-viewport.ts';
import { LanguagePanel } from './LanguagePanel.tsx';

/**
 * Settings (product §2): a drawer from the bottom, 68 % of the height. Later issues add the
 * e-mail subscription, custom search, privacy and report entries as sections here.
 */
export type SettingsSection = 'language';

interface SettingsDrawerProps {
  open: boolean;
  section: SettingsSection;
  onSection: (section: SettingsSection) => void;
  onClose: () => void;
}

export function SettingsDrawer({ open, section, onSection, onClose }: SettingsDrawerProps) {
  const { t } = useTranslation();
  const [leaving, setLeaving] = useState(false);
  // On a phone the sections are a row of tabs above the content instead of a column beside it.
  const mobile = useViewportMode() === 'mobile';

  const exit = () => {
    setLeaving(true);
    signOut().catch((error: unknown) => {
      console.error('sign-out failed', error);
      setLeaving(false);
    });
  };

  return (
    <Drawer
      placement="bottom"
      size="68%"
      open={open}
      onClose={onClose}
      title={t('settings.title')}
      rootClassName="settings-drawer"
      styles={{ body: { padding: 0 } }}
    >
      <Flex vertical={mobile} style={{ height: '100%' }}>
        <Menu
          mode={mobile ? 'horizontal' : 'inline'}
          style={mobile ? { flex: 'none' } : { width: 220, flex: 'none', height: '100%' }}
          selectedKeys={[section]}
          items={[
            { key: 'language', icon: <GlobalOutlined />, label: t('settings.language') },
            { key: 'exit', icon: <LogoutOutlined />, label: t('settings.exit'), danger: true },
          ]}
          onClick={({ key }) => (key === 'exit' ? exit() : onSection(key as SettingsSection))}
        />
        <div style={{ flex: 1, padding: mobile ? 16 : 24, overflow: 'auto', minWidth: 0 }}>
          {leaving ? (
            <Flex vertical align="center" gap={12} style={{ paddingTop: 48 }}>
              <Spin size="large" />
              <span>{t('settings.signingOut')}</span>
            </Flex>
          ) : (
            section === 'language' && <LanguagePanel />
          )}
        </div>
      </Flex>
    </Drawer>
  );
}
