import { useLayoutEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { usePageLoading } from '../../lib/page-loading.ts';
import { cn } from '../../utils/cn.ts';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/**
 * SPEC §2: every route change scrolls to the top. Not the first render: a page just loaded is
 * where the browser put it (the top, or where a reload left it), and a drawn page hydrates after
 * the visitor may already have scrolled it.
 */
export function useScrollToTopOnRouteChange(): void {
  const { pathname } = useLocation();
  const shown = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (shown.current !== null && shown.current !== pathname) window.scrollTo(0, 0);
    shown.current = pathname;
  }, [pathname]);
}

/** Thin gold bar while a lazily loaded page is on its way. */
export function NavigationProgress() {
  const busy = usePageLoading();
  return (
    <div
      aria-hidden="true"
      data-testid="navigation-progress"
      data-loading={busy || undefined}
      className={cn(
        'pointer-events-none fixed inset-x-0 top-0 z-[60] h-0.5 origin-left bg-gold-soft transition-[opacity,transform] duration-500 motion-reduce:transition-none',
        busy ? 'scale-x-75 opacity-100' : 'scale-x-0 opacity-0',
      )}
    />
  );
}

/** Moves focus to <main> without adding #main to the address (the router owns the URL). */
function skipToMain(event: MouseEvent<HTMLAnchorElement>): void {
  const main = document.getElementById('main');
  if (!main) return;
  event.preventDefault();
  main.focus({ preventScroll: true });
  main.scrollIntoView();
}

/** The first Tab stop of every page, public or staff. */
export function SkipLink() {
  return (
    <a
      href="#main"
      onClick={skipToMain}
      data-testid="skip-link"
      className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[70] focus:rounded-md focus:bg-primary focus:px-4 focus:py-2.5 focus:text-sm focus:font-medium focus:text-primary-foreground focus:shadow-lg"
    >
      Skip to content
    </a>
  );
}

/**
 * Every page's frame, public or staff: the skip link and loading bar, the header, <main> (busy
 * while a page loads) and whatever follows it.
 */
export function PageFrame({
  header,
  footer,
  children,
}: {
  header: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}) {
  const loading = usePageLoading();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <NavigationProgress />
      {header}
      <main
        id="main"
        tabIndex={-1}
        aria-busy={loading || undefined}
        className="flex-1 outline-none"
      >
        {children}
      </main>
      {footer}
    </div>
  );
}

type MainLayoutProps = {
  children: ReactNode;
  /** Pieces the app composes from features (layouts never import features). */
  headerBadge?: ReactNode;
  footerCookieSettings?: ReactNode;
  footerFounderSwitch?: ReactNode;
};

export function MainLayout({
  children,
  headerBadge,
  footerCookieSettings,
  footerFounderSwitch,
}: MainLayoutProps) {
  return (
    <PageFrame
      header={<SiteHeader badge={headerBadge} />}
      footer={
        <SiteFooter cookieSettings={footerCookieSettings} founderSwitch={footerFounderSwitch} />
      }
    >
      {children}
    </PageFrame>
  );
}
