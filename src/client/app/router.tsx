import { Suspense, use, useEffect, type ComponentType } from 'react';
import { matchRoutes, Outlet, Route, Routes, useLocation } from 'react-router';
import type { SpaPath } from '#shared/routes.ts';
import { AppErrorBoundary, RouteErrorBoundary } from '../components/errors/route-error.tsx';
import { pageLoadSettled, pageLoadStarted } from '../lib/page-loading.ts';
import { registerReadAhead } from '../lib/read-ahead.ts';
import NotFoundRoute from './routes/not-found.tsx';
import RootRoute, { isAdminPath, preloadStaffLayout } from './routes/root.tsx';

/**
 * A route module (app/routes/**): the page as its default export, and optionally a loader that
 * starts reading what the page will need while it is on its way.
 */
type RouteModule = {
  default: ComponentType;
  clientLoader?: () => unknown;
};

/**
 * A private area's page (apply flow, staff panel), inside its query cache's provider: the
 * provider (query-area.tsx) is fetched beside the page and wraps it from its first render.
 */
const withQueries = (load: () => Promise<RouteModule>) => () =>
  Promise.all([load(), import('./query-area.tsx')]).then(([module, area]) => {
    const { default: Page } = module;
    const QueryArea = area.default;
    const PageWithQueries = () => (
      <QueryArea>
        <Page />
      </QueryArea>
    );
    return { ...module, default: PageWithQueries };
  });

/**
 * One page per SPA path. Keyed by `SpaPath`, so the compiler refuses a route missing from
 * `SPA_PATHS` (src/shared/routes.ts, which the server uses for its 404s) or vice versa.
 * Every page is loaded lazily: each area (public site, apply flow, staff panel) only
 * downloads its own code.
 */
const pages: Record<SpaPath, () => Promise<RouteModule>> = {
  // Public site
  '/': () => import('./routes/public/home.tsx'),
  '/cards': () => import('./routes/public/cards.tsx'),
  '/eligibility': () => import('./routes/public/eligibility.tsx'),
  '/partners': () => import('./routes/public/partners.tsx'),
  '/about': () => import('./routes/public/about.tsx'),
  '/security': () => import('./routes/public/security.tsx'),
  '/press': () => import('./routes/public/press.tsx'),
  '/help': () => import('./routes/public/help.tsx'),
  '/legal': () => import('./routes/public/legal.tsx'),
  '/legal/cookies': () => import('./routes/public/legal.tsx'),
  '/legal/privacy': () => import('./routes/public/legal.tsx'),
  '/legal/terms': () => import('./routes/public/legal.tsx'),
  '/update-legal': () => import('./routes/public/update-legal.tsx'),
  '/contact': () => import('./routes/public/contact.tsx'),
  // Apply flow and account portal
  '/apply': withQueries(() => import('./routes/apply/apply.tsx')),
  '/apply/details': withQueries(() => import('./routes/apply/apply-details.tsx')),
  '/apply/kyc': withQueries(() => import('./routes/apply/apply-details.tsx')),
  '/apply/review': withQueries(() => import('./routes/apply/apply-review.tsx')),
  '/apply/offer': withQueries(() => import('./routes/apply/apply-offer.tsx')),
  '/apply/activate': withQueries(() => import('./routes/apply/apply-activate.tsx')),
  '/account': withQueries(() => import('./routes/apply/account.tsx')),
  // Staff panel
  '/admin': withQueries(() => import('./routes/admin/admin.tsx')),
  '/admin/join': withQueries(() => import('./routes/admin/admin-join.tsx')),
  '/admin/applicants/:id': withQueries(() => import('./routes/admin/admin-case.tsx')),
};

/**
 * A page module being loaded, with the fields React's `use` reads to return a settled one
 * without suspending: a page loaded before the first render (preloadPage) renders at once,
 * which hydration needs, as the server drew it.
 */
type Loading = Promise<RouteModule> & {
  status?: 'pending' | 'fulfilled' | 'rejected';
  value?: RouteModule;
  reason?: unknown;
};
const loading = new Map<SpaPath, Loading>();

/** Shows the progress bar until `loading` settles. */
function showProgress(loading: Loading): void {
  pageLoadStarted();
  void loading.finally(pageLoadSettled).catch(() => undefined);
}

/** Loads read ahead with no one waiting for them: no progress bar unless a page then needs one. */
const quietLoads = new WeakSet<Loading>();

function loadPage(path: SpaPath, options: { prefetch: boolean; quiet?: boolean }): Loading {
  const known = loading.get(path);
  if (known) {
    if (!options.quiet && known.status === 'pending' && quietLoads.delete(known)) {
      showProgress(known);
    }
    return known;
  }
  const started: Loading = pages[path]();
  started.status = 'pending';
  if (options.quiet) quietLoads.add(started);
  else showProgress(started);
  started.then(
    (module) => {
      started.status = 'fulfilled';
      started.value = module;
      if (options.prefetch) module.clientLoader?.();
    },
    (reason: unknown) => {
      started.status = 'rejected';
      started.reason = reason;
    },
  );
  loading.set(path, started);
  return started;
}

const PATHS = Object.keys(pages) as SpaPath[];

/** The page the address shows, as the router matches it (exact case, like the server). */
function pageAt(pathname: string): SpaPath | null {
  const match = matchRoutes(
    PATHS.map((path) => ({ path, caseSensitive: true })),
    pathname,
  )?.[0];
  return (match?.route.path as SpaPath | undefined) ?? null;
}

/**
 * Loads the page at `pathname` before the first render, in the browser and on the server, so
 * that render draws it whole rather than a fallback. What a loader would start fetching, a
 * drawn page already carries, so it runs only for pages the browser loads later.
 */
export async function preloadPage(pathname: string): Promise<void> {
  const path = pageAt(pathname);
  await Promise.all([
    path ? loadPage(path, { prefetch: false }) : null,
    isAdminPath(pathname) ? preloadStaffLayout() : null,
  ]);
}

/**
 * Reads a page's code ahead of a likely next step (the apply flow after `/apply`), when the
 * browser is idle, without the progress bar. A failed download is tried again on navigation.
 */
function readAhead(pathname: string): () => void {
  const path = pageAt(pathname);
  if (!path || typeof window === 'undefined') return () => undefined;
  const load = () => {
    const started = loadPage(path, { prefetch: false, quiet: true });
    // Dropped when it failed unseen, so a navigation downloads it again (with the bar). Once
    // a page waits on it, it stays failed like any other (decision 055).
    started.catch(() => {
      if (quietLoads.has(started) && loading.get(path) === started) loading.delete(path);
    });
  };
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(load, { timeout: 5_000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(load, 2_000);
  return () => clearTimeout(timer);
}

registerReadAhead(readAhead);

function Page({ path }: { path: SpaPath }) {
  const { default: Component } = use<RouteModule>(
    loadPage(path, { prefetch: true }) as Promise<RouteModule>,
  );
  return <Component />;
}

/** Page errors render inside the layout, keeping header and footer; a new address clears them. */
function PageBoundary() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Outlet />
    </RouteErrorBoundary>
  );
}

/**
 * Marks the page live once the routes' content has committed: for a served page, once it is
 * hydrated. Inside the Suspense boundary, because React hydrates a boundary's content in a pass
 * of its own, after the shell around it has committed: a flag set by the shell would say "live"
 * while the page's own effects (scroll to top, focus) were still to run. Tests and monitoring
 * read it to tell a page that is live from one that is only drawn.
 */
function LiveMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

/**
 * The app's routes, the same in the browser and in the server's render of a public page. Each
 * page's code is loaded when it is first shown; a navigation is a transition, so the page being
 * left stays on screen (with the progress bar) until the next one has arrived.
 */
export function AppRoutes() {
  return (
    <Suspense fallback={null}>
      <LiveMarker />
      <Routes>
        <Route
          path="/"
          element={
            <AppErrorBoundary>
              <RootRoute />
            </AppErrorBoundary>
          }
        >
          <Route element={<PageBoundary />}>
            {PATHS.map((path) => (
              <Route key={path} path={path} caseSensitive element={<Page path={path} />} />
            ))}
            <Route path="*" element={<NotFoundRoute />} />
          </Route>
        </Route>
      </Routes>
    </Suspense>
  );
}
