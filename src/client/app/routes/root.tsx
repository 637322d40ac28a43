import { lazy, Suspense } from 'react';
import { Outlet, useLocation, useSearchParams } from 'react-router';
import { MainLayout, useScrollToTopOnRouteChange } from '../../components/layouts/main-layout.tsx';
import { paths } from '../../config/paths.ts';
import { COMPANY } from '../../config/site.ts';
import { AnalyticsScript } from '../../features/consent/components/analytics-script.tsx';
import { ConsentSheet } from '../../features/consent/components/consent-sheet.tsx';
import { CookieSettingsButton } from '../../features/consent/components/cookie-settings-button.tsx';
import { FounderModeSwitch } from '../../features/founder/components/founder-mode-switch.tsx';
import { FoundingBadge } from '../../features/founder/components/founding-badge.tsx';
import { useFounderQueryParam } from '../../features/founder/hooks/use-founder-query-param.ts';
import { useMaintenanceMode } from '../../features/maintenance/api/get-maintenance-mode.ts';
import { MaintenancePage } from '../../features/maintenance/components/maintenance-page.tsx';
import { useHydrated } from '../../lib/hydrated.ts';
import { useLiveSiteSettings } from '../../lib/site-settings.ts';

// Staff only: the panel's layout is not in what every public page downloads first (decision
// 046). The router loads it beside a staff page's code (preloadStaffLayout), so the panel's
// first render does not wait for it.
const loadStaffLayout = () => import('../../components/layouts/staff-layout.tsx');
export const preloadStaffLayout = () => loadStaffLayout().then(() => undefined);
const StaffLayout = lazy(() =>
  loadStaffLayout().then((module) => ({ default: module.StaffLayout })),
);

// Testers only: loaded when `?qa=1` asks for it, so visitors never download it.
const QaOverlay = lazy(() =>
  import('../../features/qa/components/qa-overlay.tsx').then((module) => ({
    default: module.QaOverlay,
  })),
);

// Staff only: the idle-session warning, downloaded with the panel, never by visitors; it reads
// the panel's query cache, so it comes inside the panel's provider.
const IdleWarning = lazy(() =>
  Promise.all([
    import('../../features/admin-shell/components/idle-warning.tsx'),
    import('../query-area.tsx'),
  ]).then(([{ IdleWarning: Warning }, { default: QueryArea }]) => ({
    default: () => (
      <QueryArea>
        <Warning />
      </QueryArea>
    ),
  })),
);

const footerLinkClasses =
  'cursor-pointer rounded-sm text-sm text-muted-foreground underline-offset-4 transition-colors hover:text-foreground hover:underline';

/**
 * The staff panel and every page under it (the invitation page, case screens) stay reachable
 * while the site is in maintenance, and have the staff layout.
 */
export function isAdminPath(pathname: string): boolean {
  return pathname === paths.admin.path || pathname.startsWith(`${paths.admin.path}/`);
}

/**
 * The root layout route: skip link, header with navigation drawer, page, footer (the staff
 * pages get the staff layout instead), and what every page shares (maintenance gate, consent,
 * analytics, founder flag, QA overlay).
 */
export default function RootRoute() {
  useLiveSiteSettings();
  useFounderQueryParam();
  // Here rather than in a layout: the layouts are swapped (staff, public, maintenance), this stays.
  useScrollToTopOnRouteChange();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const hydrated = useHydrated();
  // Lazily loaded, so never part of the server's drawing of a page (decision 047).
  const qa = searchParams.get('qa') === '1' && hydrated;
  const maintenance = useMaintenanceMode();
  const admin = isAdminPath(pathname);

  const globals = (
    <>
      <ConsentSheet />
      <AnalyticsScript />
      {qa ? (
        <Suspense fallback={null}>
          <QaOverlay />
        </Suspense>
      ) : null}
    </>
  );

  // SPEC §2: while maintenance mode is on every route but /admin and the pages under it shows
  // the maintenance page, and nothing is rendered while the state loads.
  if (!admin && maintenance.isPending) return null;
  if (!admin && maintenance.data === true) {
    return (
      <>
        <MaintenancePage supportEmail={COMPANY.supportEmail} />
        {globals}
      </>
    );
  }

  if (admin) {
    return (
      <>
        <StaffLayout
          extras={
            <Suspense fallback={null}>
              <IdleWarning />
            </Suspense>
          }
        >
          <Outlet />
        </StaffLayout>
        {globals}
      </>
    );
  }

  return (
    <>
      <MainLayout
        headerBadge={<FoundingBadge />}
        footerCookieSettings={<CookieSettingsButton className={footerLinkClasses} />}
        footerFounderSwitch={<FounderModeSwitch />}
      >
        <Outlet />
      </MainLayout>
      {globals}
    </>
  );
}
