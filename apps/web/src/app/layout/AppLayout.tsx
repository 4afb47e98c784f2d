import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, Drawer, Layout, Result, theme } from 'antd';
import { Navigate, useLocation, useMatches } from 'react-router';
import { identitySettings } from '../../shared/auth/identity.ts';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../shared/api/current-user.ts';
import { ApiError } from '../../shared/request.ts';
import { useSystem } from '../../shared/system.ts';
import { FullPageSpin } from '../../shared/ui/FullPageSpin.tsx';
import { Logo } from '../../shared/ui/Logo.tsx';
import { currentBrand } from '../../shared/brand.ts';
import { useViewportMode } from '../../shared/ui/use-viewport.ts';
import { SettingsDrawer, type SettingsSection } from '../../features/settings/components/SettingsDrawer.tsx';
import { FirstUseGuide } from '../../features/devices/guide/FirstUseGuide.tsx';
import { guideAllowedOn } from '../../features/devices/guide/guide-rules.ts';
import { useFirstUseGuide } from '../../features/devices/guide/use-first-use-guide.ts';
import { StartupChecks } from '../../features/account/components/StartupChecks.tsx';
import { UpdateNotesDialog } from '../../features/updates/components/UpdateNotesDialog.tsx';
import { ClientDownloadList } from '../../features/updates/components/ClientDownload.tsx';
import { HelpWidget } from '../../features/help/components/HelpWidget.tsx';
import { RealtimeBridge } from '../../shared/realtime/RealtimeBridge.tsx';
import { isRouteHandle } from '../route-table.ts';
import { skins } from '../theme.ts';
import { KeepAliveOutlet } from './KeepAliveOutlet.tsx';
import { SideMenu } from './SideMenu.tsx';
import { TopBar } from './TopBar.tsx';
import { useMenuCollapse } from './use-menu-collapse.ts';

/** The case import, offered by the first-use guide's last step (its code loads when opened). */
const ImportDialog = lazy(() =>
  import('../../features/cases/components/ImportDialog.tsx').then((m) => ({ default: m.ImportDialog })),
);

/** The drawer's entries a link may open with `?settings=` (a mail's link to the setting controlling it). */
const SETTINGS_SECTIONS: SettingsSection[] = ['mail', 'search', 'privacy', 'report', 'language'];

/** The parent of every application page: side menu, top bar, settings drawer, the page. */
export function AppLayout() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const user = useCurrentUser();
  const { pathname, search } = useLocation();
  const guide = useFirstUseGuide(user.data);
  const guideHere = guide.available && guideAllowedOn(pathname);
  const skin = skins[useSystem().theme];
  const [collapsed, setCollapsed] = useMenuCollapse();
  // Below 768 px the menu is an overlay drawer; 768–1300 px it is collapsed (use-menu-collapse).
  const mode = useViewportMode();
  const mobile = mode === 'mobile';
  const [drawer, setDrawer] = useState(false);
  const [importing, setImporting] = useState(false);
  const [drawerPath, setDrawerPath] = useState(pathname);
  if (drawerPath !== pathname) {
    // Any navigation closes the phone's menu drawer.
    setDrawerPath(pathname);
    setDrawer(false);
  }
  const [settings, setSettings] = useState<{ open: boolean; section: SettingsSection }>({
    open: false,
    section: 'mail',
  });
  // A mail's settings link (`?settings=mail`) opens the drawer on that entry.
  const asked = new URLSearchParams(search).get('settings');
  const [askedSeen, setAskedSeen] = useState<string | null>(null);
  if (asked !== askedSeen) {
    setAskedSeen(asked);
    if (asked && (SETTINGS_SECTIONS as string[]).includes(asked))
      setSettings({ open: true, section: asked as SettingsSection });
  }
  const handle = useMatches()
    .map((match) => match.handle)
    .findLast(isRouteHandle);
  const brandName = currentBrand().name;
  const title = handle ? t(handle.route.titleKey) : brandName;

  useEffect(() => {
    document.title = `${title} · ${brandName}`;
  }, [title, brandName]);

  if (user.isError && !(user.error instanceof ApiError && user.error.kind === 'sessionLost')) {
    return (
      <Result
        status="error"
        title={t('layout.userFailed')}
        extra={
          <Button type="primary" onClick={() => void user.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  // The layout shows its content only once the user id is loaded.
  if (!user.data?.userId) return <FullPageSpin tip={t('app.loading')} />;
  // A platform administrator without organization has no dashboard: it lands in its console.
  if (pathname === '/home' && user.data.isAdmin && !user.data.custId)
    return <Navigate to="/manager" replace />;

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {mobile ? (
        <Drawer
          placement="left"
          open={drawer}
          onClose={() => setDrawer(false)}
          size={264}
          closable={false}
          rootClassName="menu-drawer"
          styles={{ body: { padding: 0, background: skin.siderBg }, header: { display: 'none' } }}
        >
          <div
            style={{ height: skin.headerHeight, display: 'flex', alignItems: 'center', padding: '0 24px' }}
          >
            <Logo size={28} color={skin.menu === 'dark' ? '#ffffff' : token.colorPrimary} />
          </div>
          <SideMenu collapsed={false} theme={skin.menu} onNavigate={() => setDrawer(false)} />
        </Drawer>
      ) : (
        <Layout.Sider
          collapsible
          collapsed={collapsed}
          onCollapse={setCollapsed}
          trigger={null}
          width={232}
          theme={skin.menu}
          style={{ background: skin.siderBg, borderInlineEnd: `1px solid ${token.colorSplit}` }}
        >
          <div
            style={{
              height: skin.headerHeight,
              display: 'flex',
              alignItems: 'center',
              padding: collapsed ? 0 : '0 24px',
            }}
          >
            <div style={{ width: '100%' }}>
              <Logo
                collapsed={collapsed}
                size={28}
                color={skin.menu === 'dark' ? '#ffffff' : token.colorPrimary}
              />
            </div>
          </div>
          <SideMenu collapsed={collapsed} theme={skin.menu} />
        </Layout.Sider>
      )}
      <Layout style={{ minWidth: 0 }}>
        <TopBar
          user={user.data}
          title={title}
          mode={mode}
          collapsed={collapsed}
          onToggleMenu={() => (mobile ? setDrawer(true) : setCollapsed(!collapsed))}
          onOpenSettings={(section) => setSettings((s) => ({ open: true, section: section ?? s.section }))}
          onOpenGuide={guideHere ? guide.show : undefined}
          background={skin.headerBg}
        />
        <Layout.Content style={{ padding: mobile ? 12 : 24, minWidth: 0 }}>
          <KeepAliveOutlet />
          <HelpWidget />
        </Layout.Content>
      </Layout>
      {guideHere && guide.open && (
        <FirstUseGuide
          userId={user.data.userId}
          onClose={guide.close}
          onDismiss={guide.dismiss}
          dismissing={guide.dismissing}
          // No client downloads on the eu host (product §2), as in the top bar.
          downloads={identitySettings()?.region !== 'eu' ? <ClientDownloadList /> : undefined}
          onWebImport={() => {
            guide.close();
            setImporting(true);
          }}
        />
      )}
      {importing && (
        <Suspense fallback={null}>
          <ImportDialog onClose={() => setImporting(false)} />
        </Suspense>
      )}
      <StartupChecks user={user.data} paused={guideHere && guide.open} />
      <UpdateNotesDialog paused={guideHere && guide.open} />
      <RealtimeBridge />
      <SettingsDrawer
        open={settings.open}
        section={settings.section}
        onSection={(section) => setSettings({ open: true, section })}
        onClose={() => setSettings((current) => ({ ...current, open: false }))}
      />
    </Layout>
  );
}
