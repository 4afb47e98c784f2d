import { useState } from 'react';
import { App as AntApp, Avatar, Button, Dropdown, Flex, Layout, Typography, type MenuProps } from 'antd';
import {
  BellOutlined,
  BgColorsOutlined,
  CheckOutlined,
  CompassOutlined,
  DesktopOutlined,
  EllipsisOutlined,
  GlobalOutlined,
  MenuFoldOutlined,
  MenuOutlined,
  MenuUnfoldOutlined,
  RocketOutlined,
  QuestionCircleOutlined,
  SettingOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@archway/contract';
import { identitySettings } from '../../shared/auth/identity.ts';
import { languageDef } from '../../shared/i18n/languages.ts';
import { storedLanguage } from '../../shared/i18n/stored-language.ts';
import { useSystem, type SystemType } from '../../shared/system.ts';
import { useProtectedFile } from '../../shared/api/protected-file.ts';
import { SimulateLogin, SimulateLoginDialog } from '../../features/auth/components/SimulateLogin.tsx';
import { NoticeBell } from '../../features/notices/components/NoticeBell.tsx';
import { HelpPopover } from '../../features/help/components/HelpPopover.tsx';
import { openHelp } from '../../features/help/help-store.ts';
import { isSpecialBrand } from '../../shared/brand.ts';
import { ClientDownload, ClientDownloadList } from '../../features/updates/components/ClientDownload.tsx';
import { UpdateNotesButton } from '../../features/updates/components/UpdateNotesButton.tsx';
import { openUpdateNotes } from '../../features/updates/update-notes-store.ts';
import { UserMenu } from './UserMenu.tsx';
import { LogoMark } from '../../shared/ui/Logo.tsx';
import { UserCard, userStatusLine } from './UserCard.tsx';

/** How much room the top bar has: a phone (< 768 px), a tablet or small laptop (< 1200 px), or more. */
export type BarMode = 'mobile' | 'compact' | 'wide';

interface TopBarProps {
  user: CurrentUser;
  title: string;
  mode: BarMode;
  collapsed: boolean;
  /** Collapses the side menu, or on a phone opens the menu drawer. */
  onToggleMenu: () => void;
  onOpenSettings: (section?: 'language') => void;
  /** Reopens the first-use guide; no button when the guide is not allowed here. */
  onOpenGuide?: () => void;
  background: string;
}

/**
 * The top bar's overflow menu (…). On a phone it holds every item; at tablet widths (768–1199 px) only the less-used
 * ones (simulate login, client download, update notes), so the page title keeps its room.
 */
function OverflowMenu({
  user,
  onOpenSettings,
  onOpenGuide,
  onOpenNotices,
  compact = false,
}: Pick<TopBarProps, 'user' | 'onOpenSettings' | 'onOpenGuide'> & {
  onOpenNotices: () => void;
  /** Only the items the tablet's bar has no room for. */
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const { modal } = AntApp.useApp();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { system } = useSystem();
  const settings = identitySettings();
  const [simulate, setSimulate] = useState(false);

  const systemItem = (value: SystemType) => ({
    key: `system:${value}`,
    label: t(`system.${value}`),
    icon: system === value ? <CheckOutlined /> : <span style={{ display: 'inline-block', width: 14 }} />,
  });
  const compactItems: MenuProps['items'] = [
    ...(settings?.demo
      ? [{ key: 'simulate', icon: <UserSwitchOutlined />, label: t('simulate.title') }]
      : []),
    ...(settings?.region !== 'eu'
      ? [{ key: 'download', icon: <DesktopOutlined />, label: t('clientDownload.title') }]
      : []),
    { key: 'updates', icon: <RocketOutlined />, label: t('updates.open') },
  ];
  const phoneItems: MenuProps['items'] = [
    {
      key: 'user',
      disabled: true,
      label: (
        <Flex vertical style={{ maxWidth: 240 }}>
          <Typography.Text strong ellipsis>
            {user.custName ?? user.username}
          </Typography.Text>
          <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
            {userStatusLine(user, t)}
          </Typography.Text>
        </Flex>
      ),
    },
    { type: 'divider' },
    { key: 'notices', icon: <BellOutlined />, label: t('notices.title') },
    // The help popover's entry; special branded builds have none (product §6).
    ...(isSpecialBrand() ? [] : [{ key: 'help', icon: <QuestionCircleOutlined />, label: t('help.title') }]),
    ...(onOpenGuide ? [{ key: 'guide', icon: <CompassOutlined />, label: t('guide.button') }] : []),
    {
      key: 'system',
      type: 'group' as const,
      label: (
        <span>
          <BgColorsOutlined aria-hidden /> {t('system.label')}
        </span>
      ),
      children: [systemItem('second'), systemItem('first')],
    },
    {
      key: 'language',
      icon: <GlobalOutlined />,
      label: `${t('settings.language')} · ${languageDef(storedLanguage()).nativeName}`,
    },
    ...(settings?.demo
      ? [{ key: 'simulate', icon: <UserSwitchOutlined />, label: t('simulate.title') }]
      : []),
    ...(settings?.region !== 'eu'
      ? [{ key: 'download', icon: <DesktopOutlined />, label: t('clientDownload.title') }]
      : []),
    { key: 'updates', icon: <RocketOutlined />, label: t('updates.open') },
    { key: 'settings', icon: <SettingOutlined />, label: t('settings.title') },
  ];
  const items = compact ? compactItems : phoneItems;

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'notices') onOpenNotices();
    else if (key === 'help') openHelp();
    else if (key === 'guide') onOpenGuide?.();
    else if (key.startsWith('system:')) {
      const value = key.slice('system:'.length);
      if (value !== system) void navigate(`/${value}${pathname}${search}`);
    } else if (key === 'language') onOpenSettings('language');
    else if (key === 'simulate') setSimulate(true);
    else if (key === 'download') {
      modal.info({
        title: t('clientDownload.title'),
        icon: null,
        content: <ClientDownloadList />,
        okText: t('updates.dialog.close'),
      });
    } else if (key === 'updates') openUpdateNotes();
    else if (key === 'settings') onOpenSettings();
  };

  return (
    <>
      <Dropdown trigger={['click']} menu={{ items, onClick }} placement="bottomRight">
        <Button
          type="text"
          icon={<EllipsisOutlined />}
          aria-label={t('layout.moreActions')}
          title={t('layout.moreActions')}
          data-testid="top-bar-more"
        />
      </Dropdown>
      {settings?.demo && <SimulateLoginDialog open={simulate} onClose={() => setSimulate(false)} />}
    </>
  );
}

export function TopBar({
  user,
  title,
  mode,
  collapsed,
  onToggleMenu,
  onOpenSettings,
  onOpenGuide,
  background,
}: TopBarProps) {
  const { t } = useTranslation();
  const settings = identitySettings();
  const mobile = mode === 'mobile';
  const wide = mode === 'wide';
  const menuLabel = mobile ? t('menu.open') : t(collapsed ? 'menu.expand' : 'menu.collapse');
  const name = user.custName ?? user.username;
  const { src: avatar } = useProtectedFile(user.avatar);
  const [notices, setNotices] = useState(false);
  return (
    <Layout.Header
      style={{
        background,
        display: 'flex',
        alignItems: 'center',
        gap: mobile ? 4 : 12,
        borderBottom: '1px solid rgba(5, 5, 5, 0.06)',
        position: 'sticky',
        top: 0,
        zIndex: 10,
        minWidth: 0,
        ...(mobile ? { paddingInline: 8 } : {}),
      }}
    >
      <Button
        type="text"
        icon={mobile ? <MenuOutlined /> : collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={onToggleMenu}
        aria-label={menuLabel}
        title={menuLabel}
        data-testid="menu-toggle"
      />
      {/* On a phone the menu (and its logo) is folded away: the brand's mark stays in the bar. */}
      {mobile && <LogoMark size={24} />}
      <Typography.Title
        level={mobile ? 5 : 4}
        style={{ margin: 0, flex: 1, minWidth: 0 }}
        ellipsis
        data-testid="page-title"
      >
        {title}
      </Typography.Title>
      {mobile ? (
        <Flex align="center" gap={4} style={{ flex: 'none' }}>
          <NoticeBell open={notices} onOpenChange={setNotices} />
          <UserMenu user={user} onOpenSettings={() => onOpenSettings()}>
            <span title={name} data-testid="user-card" style={{ display: 'inline-flex' }}>
              <Avatar src={avatar ?? undefined} size="small">
                {name.slice(0, 1).toUpperCase()}
              </Avatar>
            </span>
          </UserMenu>
          <OverflowMenu
            user={user}
            onOpenSettings={onOpenSettings}
            onOpenGuide={onOpenGuide}
            onOpenNotices={() => setNotices(true)}
          />
        </Flex>
      ) : (
        <Flex align="center" gap={4} style={{ flex: 'none', minWidth: 0 }}>
          {onOpenGuide && (
            <Button
              type="text"
              icon={<CompassOutlined />}
              onClick={onOpenGuide}
              title={t('guide.open')}
              // Its name is what it shows when it shows a text (WCAG 2.5.3), the title says more.
              aria-label={wide ? undefined : t('guide.open')}
              data-testid="open-guide"
            >
              {wide && t('guide.button')}
            </Button>
          )}
          <Button
            type="text"
            icon={<GlobalOutlined />}
            onClick={() => onOpenSettings('language')}
            title={t('settings.language')}
            aria-label={wide ? undefined : t('settings.language')}
            data-testid="language-indicator"
          >
            {wide && languageDef(storedLanguage()).nativeName}
          </Button>
          {/* At tablet widths the less-used items wait in the "…" menu, so the page title is not cut. */}
          {wide && settings?.demo && <SimulateLogin />}
          {wide && settings?.region !== 'eu' && <ClientDownload />}
          {wide && <UpdateNotesButton />}
          <HelpPopover />
          <NoticeBell />
          <Button
            type="text"
            icon={<SettingOutlined />}
            onClick={() => onOpenSettings()}
            aria-label={t('settings.title')}
            title={t('settings.title')}
            data-testid="open-settings"
          />
          {!wide && (
            <OverflowMenu
              user={user}
              onOpenSettings={onOpenSettings}
              onOpenGuide={onOpenGuide}
              onOpenNotices={() => setNotices(true)}
              compact
            />
          )}
          <UserMenu user={user} onOpenSettings={() => onOpenSettings()} named={wide}>
            {wide ? (
              <UserCard user={user} maxWidth={200} />
            ) : (
              <span title={name} data-testid="user-card" style={{ display: 'inline-flex' }}>
                <Avatar src={avatar ?? undefined}>{name.slice(0, 1).toUpperCase()}</Avatar>
              </span>
            )}
          </UserMenu>
        </Flex>
      )}
    </Layout.Header>
  );
}
