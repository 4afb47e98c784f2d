import { useState } from 'react';
import { Drawer, Flex, Menu, Spin } from 'antd';
import {
  FileImageOutlined,
  GlobalOutlined,
  LockOutlined,
  LogoutOutlined,
  MailOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { signOut } from '../../../shared/auth/identity.ts';
import { isSpecialBrand } from '../../../shared/brand.ts';
import { useViewportMode } from '../../../shared/ui/use-viewport.ts';
import { LanguagePanel } from './LanguagePanel.tsx';
import { MailPanel } from './MailPanel.tsx';
import { SearchPanel } from './SearchPanel.tsx';
import { PrivacyPanel } from './PrivacyPanel.tsx';
import { ReportPanel } from './ReportPanel.tsx';

/**
 * Settings (product §2): a drawer from the bottom, 68 % of the height, with e-mail subscription (the default entry),
 * custom search, user secret/privacy (hidden in special branded builds), report customization, change language and
 * exit. The entries are named for what they do (issue 33): "Who can find me" (custom search), "Privacy" (user secret)
 * and "Sign out" (exit). On a phone the sections are a row of tabs above the content instead of a column beside it.
 */
export type SettingsSection = 'mail' | 'search' | 'privacy' | 'report' | 'language';

interface SettingsDrawerProps {
  open: boolean;
  section: SettingsSection;
  onSection: (section: SettingsSection) => void;
  onClose: () => void;
}

export function SettingsDrawer({ open, section, onSection, onClose }: SettingsDrawerProps) {
  const { t } = useTranslation();
  // Special branded builds hide the privacy settings (product §6); the brand is known once the app has started.
  const branded = isSpecialBrand();
  const [leaving, setLeaving] = useState(false);
  const mobile = useViewportMode() === 'mobile';
  const current = branded && section === 'privacy' ? 'mail' : section;

  const exit = () => {
    setLeaving(true);
    signOut().catch((error: unknown) => {
      console.error('sign-out failed', error);
      setLeaving(false);
    });
  };

  const entries = [
    { key: 'mail', icon: <MailOutlined />, label: t('preferences.sections.mail') },
    { key: 'search', icon: <SearchOutlined />, label: t('preferences.sections.search') },
    ...(branded
      ? []
      : [{ key: 'privacy', icon: <LockOutlined />, label: t('preferences.sections.privacy') }]),
    { key: 'report', icon: <FileImageOutlined />, label: t('preferences.sections.report') },
    { key: 'language', icon: <GlobalOutlined />, label: t('settings.language') },
    { key: 'exit', icon: <LogoutOutlined />, label: t('settings.exit'), danger: true },
  ];

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
          // On a phone every section stays in one row of tabs that scrolls sideways (nothing folds under "…").
          disabledOverflow={mobile}
          style={
            mobile
              ? {
                  flex: 'none',
                  display: 'flex',
                  overflowX: 'auto',
                  overflowY: 'hidden',
                  flexWrap: 'nowrap',
                  scrollbarWidth: 'none',
                }
              : { width: 220, flex: 'none', height: '100%', overflow: 'auto' }
          }
          selectedKeys={[current]}
          items={mobile ? entries.map((entry) => ({ ...entry, style: { flex: 'none' } })) : entries}
          data-testid="settings-sections"
          onClick={({ key }) => (key === 'exit' ? exit() : onSection(key as SettingsSection))}
        />
        <div style={{ flex: 1, padding: mobile ? 16 : 24, overflow: 'auto', minWidth: 0 }}>
          {leaving ? (
            <Flex vertical align="center" gap={12} style={{ paddingTop: 48 }}>
              <Spin size="large" />
              <span>{t('settings.signingOut')}</span>
            </Flex>
          ) : (
            open && (
              <>
                {current === 'mail' && <MailPanel />}
                {current === 'search' && <SearchPanel />}
                {current === 'privacy' && <PrivacyPanel />}
                {current === 'report' && <ReportPanel />}
                {current === 'language' && <LanguagePanel />}
              </>
            )
          )}
        </div>
      </Flex>
    </Drawer>
  );
}
