import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, ConfigProvider, Drawer, Layout, Result, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useMatches } from 'react-router';
import { fetchUserInfo, USER_INFO_KEY } from '../api/auth';
import { session } from '../api/session';
import { MigrationNotice } from '../features/account';
import { ForbiddenContent } from '../features/errors/ForbiddenContent';
import { EventBadge } from '../features/events/EventBadge';
import { MaintenanceBanner, NoticeShell } from '../features/notices';
import { RunningVersion, VersionDialog } from '../features/versions';
import { currentLang, isRtl } from '../i18n';
import { LanguageSwitcher } from '../kit/LanguageSwitcher';
import { MessageBadge } from './MessageBadge';
import { usePermissions } from '../kit/permissions';
import { BrandMark, type BrandLogos } from '../kit/brand';
import '../kit/brand.css';
import { companyTheme, isThemeColor, THEME_COLOR } from '../kit/theme';
import { useRouteTitleKey } from '../kit/useRouteTitleKey';
import type { RouteHandle } from '../kit/routeTable';
import { SideMenu } from './SideMenu';
import { PHONE_QUERY, useMediaQuery } from '../kit/useMediaQuery';
import { UserMenu } from './UserMenu';

const SIDER_WIDTH = 232;
const SIDER_COLLAPSED_WIDTH = 64;

function Brand({ collapsed, brand }: { collapsed: boolean; brand: BrandLogos | null }): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <Link to="/" className={collapsed ? 'hg-brand hg-brand-collapsed' : 'hg-brand'} aria-label={t('shell.home')}>
      <BrandMark brand={brand} narrow={collapsed} height={collapsed ? 32 : 40} />
    </Link>
  );
}

function VersionLabel({ collapsed }: { collapsed: boolean }): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <div
      className={collapsed ? 'hg-version hg-version-collapsed' : 'hg-version'}
      title={t('shell.version', { version: __APP_VERSION__ })}
      data-testid="version-label"
    >
      {collapsed ? __APP_VERSION__ : t('shell.version', { version: __APP_VERSION__ })}
    </div>
  );
}

/** The signed-in frame (spec §2.2): side menu, top bar, content, footer. */
export default function AppShell(): React.JSX.Element {
  const { t } = useTranslation();
  const location = useLocation();
  const matches = useMatches();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const rtl = isRtl(currentLang());
  const [collapsed, setCollapsed] = useState(session.getSiderCollapsed());
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerPath, setDrawerPath] = useState(location.pathname);
  const permissions = usePermissions();
  const titleKey = useRouteTitleKey();
  const { data: user = null } = useQuery({
    queryKey: USER_INFO_KEY,
    queryFn: fetchUserInfo,
    placeholderData: session.getUserInfo() ?? undefined,
    staleTime: 60_000,
  });
  const readOnly = user?.readOnly ?? session.isReadOnly();
  // The company's colour and logos (issue 12); members of a company without them see Heliograph's.
  const brand = user?.company ?? null;
  const color = brand?.themeColor ?? THEME_COLOR;
  const themed = useMemo(
    () => (isThemeColor(color) && color.toLowerCase() !== THEME_COLOR ? companyTheme(color) : null),
    [color],
  );
  // CSS custom properties for the shell's own rules (styles.css reads --hg-theme and friends).
  const themeVars = themed?.vars as React.CSSProperties | undefined;

  // Close the phone drawer whenever the page changes.
  if (drawerPath !== location.pathname) {
    setDrawerPath(location.pathname);
    setDrawerOpen(false);
  }

  const toggleCollapsed = (): void => {
    setCollapsed((c) => {
      session.setSiderCollapsed(!c);
      return !c;
    });
  };

  const required = (matches.at(-1)?.handle as RouteHandle | undefined)?.permission;
  let content: React.ReactNode;
  if (permissions.isLoading) {
    content = (
      <div className="hg-page-loading">
        <Spin size="large" description={t('common.loading')} />
      </div>
    );
  } else if (permissions.isError) {
    content = (
      <div className="hg-page-card">
        <Result
          status="warning"
          title={<h1 className="hg-result-title">{t('shell.permissionFailed')}</h1>}
          subTitle={t('shell.permissionFailedBody')}
          extra={
            <Button type="primary" onClick={permissions.refetch}>
              {t('common.retry')}
            </Button>
          }
        />
      </div>
    );
  } else if (required && !permissions.held.has(required)) {
    content = (
      <div className="hg-page-card">
        <ForbiddenContent signedIn />
      </div>
    );
  } else {
    content = <Outlet />;
  }

  const menu = (narrow: boolean) => (
    <div className="hg-sider-inner">
      <Brand collapsed={narrow} brand={brand} />
      <div className="hg-sider-menu">
        <SideMenu tree={permissions.tree} collapsed={narrow} onNavigate={() => setDrawerOpen(false)} />
      </div>
      <VersionLabel collapsed={narrow} />
    </div>
  );

  const FoldIcon = collapsed ? MenuUnfoldOutlined : MenuFoldOutlined;

  const shell = (
    <Layout className="hg-shell" hasSider={!isPhone} style={themeVars}>
      <a className="hg-skip-link" href="#main">
        {t('shell.skipToContent')}
      </a>
      {isPhone ? (
        <Drawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          placement={rtl ? 'right' : 'left'}
          size={264}
          closable={false}
          className="hg-menu-drawer"
          rootStyle={themeVars}
          styles={{ body: { padding: 0 }, section: { background: themed?.vars['--hg-theme'] ?? THEME_COLOR } }}
          title={null}
        >
          {menu(false)}
        </Drawer>
      ) : (
        <Layout.Sider
          width={SIDER_WIDTH}
          collapsedWidth={SIDER_COLLAPSED_WIDTH}
          collapsed={collapsed}
          trigger={null}
          className="hg-sider"
        >
          {menu(collapsed)}
        </Layout.Sider>
      )}
      <Layout className="hg-main">
        <Layout.Header className="hg-topbar">
          {isPhone ? (
            <>
              <Button
                type="text"
                className="hg-topbar-button"
                icon={<MenuOutlined />}
                aria-label={t('shell.openMenu')}
                aria-expanded={drawerOpen}
                data-testid="menu-toggle"
                onClick={() => setDrawerOpen(true)}
              />
              {brand?.logoSquare ? (
                <span className="hg-topbar-logo">
                  <BrandMark brand={brand} narrow height={32} />
                </span>
              ) : null}
            </>
          ) : (
            <Button
              type="text"
              className="hg-topbar-button hg-flip-rtl"
              icon={<FoldIcon />}
              aria-label={collapsed ? t('shell.expandMenu') : t('shell.collapseMenu')}
              aria-expanded={!collapsed}
              data-testid="menu-toggle"
              onClick={toggleCollapsed}
            />
          )}
          <div className="hg-topbar-title" aria-live="polite">
            {titleKey ? t(titleKey) : ''}
          </div>
          <div className="hg-topbar-actions">
            <LanguageSwitcher compact={isPhone} />
            {permissions.held.has('event.view') && <EventBadge />}
            <MessageBadge />
            <UserMenu user={user} readOnly={readOnly} compact={isPhone} />
          </div>
        </Layout.Header>
        {/* Layout.Content is the page's one <main> landmark, and the skip link's target. */}
        <Layout.Content id="main" tabIndex={-1} className="hg-content">
          <MigrationNotice />
          <MaintenanceBanner />
          <div className="hg-main-region">{content}</div>
        </Layout.Content>
        <Layout.Footer className="hg-footer">
          {t('common.copyright', { year: new Date().getFullYear() })}
          <RunningVersion />
        </Layout.Footer>
        <VersionDialog />
        <NoticeShell />
      </Layout>
    </Layout>
  );
  return themed ? <ConfigProvider theme={themed.theme}>{shell}</ConfigProvider> : shell;
}
