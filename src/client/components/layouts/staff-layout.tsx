import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { usePageLoading } from '../../lib/page-loading.ts';
import { BRAND_NAME } from '../../config/site.ts';
import { Monogram } from '../brand/logo.tsx';
import { ThemeToggle } from '../theme-toggle.tsx';
import { NavigationProgress, SkipLink } from './main-layout.tsx';

type StaffLayoutProps = {
  children: ReactNode;
  /** Pieces the app composes from features (layouts never import features): the idle warning. */
  extras?: ReactNode;
};

/**
 * The staff panel's frame (/admin and every page under it): the skip link, the Waj mark and
 * the theme toggle, without the public site's Apply button, menu and footer, which are of no
 * use to staff and take room from the tables.
 */
export function StaffLayout({ children, extras }: StaffLayoutProps) {
  const loading = usePageLoading();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <NavigationProgress />
      <header
        data-testid="staff-header"
        className="border-b border-border/80 bg-background/90 supports-[backdrop-filter]:bg-background/75"
      >
        <div className="mx-auto flex h-14 w-full max-w-[90rem] items-center justify-between gap-4 px-4 md:px-8">
          <Link
            to={paths.admin.getHref()}
            data-testid="brand-link"
            className="-mx-1 flex items-center gap-2.5 rounded-md px-1 py-1"
          >
            <Monogram className="size-7" />
            <span className="font-serif text-xl leading-none tracking-wide">{BRAND_NAME}</span>
            <span className="text-sm text-muted-foreground">Staff</span>
          </Link>
          <ThemeToggle />
        </div>
      </header>
      <main
        id="main"
        tabIndex={-1}
        aria-busy={loading || undefined}
        className="flex-1 outline-none"
      >
        {children}
      </main>
      {extras}
    </div>
  );
}
