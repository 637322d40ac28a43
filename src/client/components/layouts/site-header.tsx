import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { BRAND_NAME } from '../../config/site.ts';
import { Monogram } from '../brand/logo.tsx';
import { ThemeToggle } from '../theme-toggle.tsx';
import { Button } from '../ui/button.tsx';
import { Container } from './container.tsx';
import { NavDrawer } from './nav-drawer.tsx';

/** `badge`: shown beside the brand (the founding-member badge, composed by the app). */
export function SiteHeader({ badge }: { badge?: ReactNode }) {
  return (
    <header
      data-testid="site-header"
      className="sticky top-0 z-40 border-b border-border/80 bg-background/90 backdrop-blur-md supports-[backdrop-filter]:bg-background/75"
    >
      <Container className="flex h-16 items-center justify-between gap-4">
        <div className="flex min-w-0 items-center gap-3">
          <Link
            to={paths.home.getHref()}
            data-testid="brand-link"
            className="-mx-1 flex items-center gap-2.5 rounded-md px-1 py-1"
          >
            <Monogram className="size-8" />
            <span className="font-serif text-2xl leading-none tracking-wide">{BRAND_NAME}</span>
          </Link>
          {badge}
        </div>

        <div className="flex items-center gap-1 sm:gap-2">
          <ThemeToggle />
          <Button asChild size="sm" className="mx-1 hidden md:inline-flex">
            <Link to={paths.apply.root.getHref()} data-testid="header-apply">
              Apply
            </Link>
          </Button>
          <NavDrawer />
        </div>
      </Container>
    </header>
  );
}
