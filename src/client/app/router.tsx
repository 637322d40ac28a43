import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  matchRoutes,
  type DataRouter,
  type LoaderFunction,
  type RouteObject,
} from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { SpaPath } from '../../shared/routes.ts';
import { AppErrorBoundary, RouteErrorBoundary } from '../components/errors/route-error.tsx';
import NotFoundRoute from './routes/not-found.tsx';
import RootRoute from './routes/root.tsx';

/**
 * A route module (app/routes/**): the page as its default export, optionally a loader (which
 * starts reading what the page will need) and an error boundary.
 */
type RouteModule = {
  default: ComponentType;
  clientLoader?: LoaderFunction;
  ErrorBoundary?: ComponentType;
};

const convert = (module: RouteModule) => {
  const { default: Component, clientLoader, ErrorBoundary } = module;
  return {
    Component,
    ...(clientLoader ? { loader: clientLoader } : {}),
    ...(ErrorBoundary ? { ErrorBoundary } : {}),
  };
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

/** What the route table is built for: the browser, or the server's render of a public page. */
type RouteTarget = { server?: boolean };

/**
 * The app's route table. On the server (`entry-server.tsx`) routes carry no loaders: what a
 * loader would start fetching, the server has already put in the page's data.
 */
export function appRoutes(target: RouteTarget = {}): RouteObject[] {
  const pageRoutes: RouteObject[] = Object.entries(pages).map(([path, load]) => ({
    // Named ids: the same on the server and in the browser, which hydration relies on.
    id: path,
    path,
    // Exact case, like the server's isSpaPath(): /Cards is a 404 on both sides.
    caseSensitive: true,
    lazy: () =>
      load()
        .then(convert)
        .then((route) => (target.server ? { ...route, loader: undefined } : route)),
  }));

  return [
    {
      id: 'root',
      path: '/',
      Component: RootRoute,
      ErrorBoundary: AppErrorBoundary,
      HydrateFallback: () => null,
      children: [
        {
          // Pathless: page errors render inside the layout, keeping header and footer.
          id: 'page',
          ErrorBoundary: RouteErrorBoundary,
          children: [...pageRoutes, { id: 'not-found', path: '*', Component: NotFoundRoute }],
        },
      ],
    },
  ];
}

/**
 * The browser's router. When the server sent the page already rendered (`#root` has content),
 * the page's lazy route modules are loaded first, so the first render in the browser draws the
 * same tree the server did and React can hydrate it instead of replacing it.
 */
export async function createAppRouter(options: { hydrate: boolean }) {
  const routes = appRoutes();
  if (!options.hydrate) return createBrowserRouter(routes);
  const loaderData: Record<string, unknown> = {};
  await Promise.all(
    (matchRoutes(routes, window.location) ?? []).map(async ({ route }) => {
      if (typeof route.lazy === 'function') {
        const resolved = await route.lazy();
        Object.assign(route, resolved, { lazy: undefined });
      }
      // The server ran no loader; one that only prefetches has nothing the page waits for.
      if (route.loader && route.id) loaderData[route.id] = null;
    }),
  );
  return createBrowserRouter(routes, { hydrationData: { loaderData } });
}

export function AppRouter({ router }: { router: DataRouter }) {
  return <RouterProvider router={router} />;
}
