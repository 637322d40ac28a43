import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo, type ComponentType } from 'react';
import {
  createBrowserRouter,
  type ActionFunction,
  type LoaderFunction,
  type RouteObject,
} from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { SpaPath } from '../../shared/routes.ts';
import { AppErrorBoundary, RouteErrorBoundary } from '../components/errors/route-error.tsx';
import NotFoundRoute from './routes/not-found.tsx';
import RootRoute from './routes/root.tsx';

/**
 * A route module (app/routes/**): the page as its default export, optionally a loader and an
 * action built with the app's QueryClient (so they can prefetch through TanStack Query).
 */
type RouteModule = {
  default: ComponentType;
  clientLoader?: (queryClient: QueryClient) => LoaderFunction;
  clientAction?: (queryClient: QueryClient) => ActionFunction;
  ErrorBoundary?: ComponentType;
};

const convert = (queryClient: QueryClient) => (module: RouteModule) => {
  const { default: Component, clientLoader, clientAction, ErrorBoundary } = module;
  return {
    Component,
    ...(clientLoader ? { loader: clientLoader(queryClient) } : {}),
    ...(clientAction ? { action: clientAction(queryClient) } : {}),
    ...(ErrorBoundary ? { ErrorBoundary } : {}),
  };
};

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
  '/apply': () => import('./routes/apply/apply.tsx'),
  '/apply/details': () => import('./routes/apply/apply-details.tsx'),
  '/apply/kyc': () => import('./routes/apply/apply-details.tsx'),
  '/apply/review': () => import('./routes/apply/apply-review.tsx'),
  '/apply/offer': () => import('./routes/apply/apply-offer.tsx'),
  '/apply/activate': () => import('./routes/apply/apply-activate.tsx'),
  '/account': () => import('./routes/apply/account.tsx'),
  // Staff panel
  '/admin': () => import('./routes/admin/admin.tsx'),
  '/admin/join': () => import('./routes/admin/admin-join.tsx'),
  '/admin/applicants/:id': () => import('./routes/admin/admin-case.tsx'),
};

export function createAppRouter(queryClient: QueryClient) {
  const pageRoutes: RouteObject[] = Object.entries(pages).map(([path, load]) => ({
    path,
    // Exact case, like the server's isSpaPath(): /Cards is a 404 on both sides.
    caseSensitive: true,
    lazy: () => load().then(convert(queryClient)),
  }));

  return createBrowserRouter([
    {
      path: '/',
      Component: RootRoute,
      ErrorBoundary: AppErrorBoundary,
      HydrateFallback: () => null,
      children: [
        {
          // Pathless: page errors render inside the layout, keeping header and footer.
          ErrorBoundary: RouteErrorBoundary,
          children: [...pageRoutes, { path: '*', Component: NotFoundRoute }],
        },
      ],
    },
  ]);
}

export function AppRouter() {
  const queryClient = useQueryClient();
  const router = useMemo(() => createAppRouter(queryClient), [queryClient]);
  return <RouterProvider router={router} />;
}
