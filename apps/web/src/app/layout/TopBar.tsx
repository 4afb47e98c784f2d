import { Button, Flex, Layout, Typography } from 'antd';
import {
  CompassOutlined,
  GlobalOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@archway/contract';
import { identitySettings } from '../../shared/auth/identity.ts';
import { languageDef } from '../../shared/i18n/languages.ts';
import { storedLanguage } from '../../shared/i18n/stored-language.ts';
import { SimulateLogin } from '../../features/auth/components/SimulateLogin.tsx';
import { ClientDownload } from './ClientDownload.tsx';
import { SystemSwitch } from './SystemSwitch.tsx';
import { UserCard } from './UserCard.tsx';

interface TopBarProps {
  user: CurrentUser;
  title: string;
  collapsed: boolean;
  onToggleMenu: () => void;
  onOpenSettings: (section?: 'language') => void;
  /** Reopens the first-use guide; no button when the guide is not allowed here. */
  onOpenGuide?: () => void;
  background: string;
}

export function TopBar({
  user,
  title,
  collapsed,
  onToggleMenu,
  onOpenSettings,
  onOpenGuide,
  background,
}: TopBarProps) {
  const { t } = useTranslation();
  const settings = identitySettings();
  return (
    <Layout.Header
      style={{
        background,
        display: 'flex',
        alignItems: 'center',
        gap: 12,
        borderBottom: '1px solid rgba(5, 5, 5, 0.06)',
        position: 'sticky',
        top: 0,
        zIndex: 10,
      }}
    >
      <Button
        type="text"
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={onToggleMenu}
        aria-label={t(collapsed ? 'menu.expand' : 'menu.collapse')}
        title={t(collapsed ? 'menu.expand' : 'menu.collapse')}
      />
      <Typography.Title
        level={4}
        style={{ margin: 0, flex: 1, minWidth: 0 }}
        ellipsis
        data-testid="page-title"
      >
        {title}
      </Typography.Title>
      <Flex align="center" gap={4} style={{ flex: 'none' }}>
        {onOpenGuide && (
          <Button
            type="text"
            icon={<CompassOutlined />}
            onClick={onOpenGuide}
            title={t('guide.open')}
            data-testid="open-guide"
          >
            {t('guide.button')}
          </Button>
        )}
        <SystemSwitch />
        <Button
          type="text"
          icon={<GlobalOutlined />}
          onClick={() => onOpenSettings('language')}
          title={t('settings.language')}
          data-testid="language-indicator"
        >
          {languageDef(storedLanguage()).nativeName}
        </Button>
        {settings?.demo && <SimulateLogin />}
        {settings?.region !== 'eu' && <ClientDownload />}
        <Button
          type="text"
          icon={<SettingOutlined />}
          onClick={() => onOpenSettings()}
          aria-label={t('settings.title')}
          title={t('settings.title')}
          data-testid="open-settings"
        />
        <UserCard user={user} />
      </Flex>
    </Layout.Header>
  );
}
