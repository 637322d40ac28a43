import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { paths } from '../../config/paths.ts';
import { BRAND_NAME } from '../../config/site.ts';
import { Monogram } from '../brand/logo.tsx';
import { ThemeToggle } from '../theme-toggle.tsx';
import { cn } from '../../utils/cn.ts';
import { Button } from '../ui/button.tsx';
import { Container } from './container.tsx';
import { NavDrawer } from './nav-drawer.tsx';
import { primaryNavigation } from './navigation.ts';

/** The Waj mark and name, linking home (`to`); `children` follow the name. */
export function BrandLink({
  to,
  markClassName,
  nameClassName,
  children,
}: {
  to: string;
  markClassName: string;
  nameClassName: string;
  children?: ReactNode;
}) {
  return (
    <Link
      to={to}
      data-testid="brand-link"
      className="-mx-1 flex items-center gap-2.5 rounded-md px-1 py-1"
    >
      <Monogram className={markClassName} />
      <span className={`font-serif ${nameClassName} leading-none tracking-wide`}>{BRAND_NAME}</span>
      {children}
    </Link>
  );
}

/** `badge`: shown beside the brand (the founding-member badge, composed by the app). */
export function SiteHeader({ badge }: { badge?: ReactNode }) {
  return (
    <header
      data-testid="site-header"
      className="sticky top-0 z-40 border-b border-border/80 bg-background/90 backdrop-blur-md supports-[backdrop-filter]:bg-background/75"
    >
      <Container className="flex h-16 items-center justify-between gap-4">
        <div className="flex min-w-0 items-center gap-3">
          <BrandLink to={paths.home.getHref()} markClassName="size-8" nameClassName="text-2xl" />
          {badge}
        </div>

        <nav aria-label="Primary" data-testid="desktop-nav" className="hidden lg:block">
          <ul className="flex items-center gap-0.5 xl:gap-1.5">
            {primaryNavigation.map((item) => (
              <li key={item.href}>
                <NavLink
                  to={item.href}
                  end={item.end}
                  className={({ isActive }) =>
                    cn(
                      'relative block rounded-md px-2.5 py-2 text-sm transition-colors hover:text-foreground',
                      'after:absolute after:inset-x-2.5 after:bottom-1 after:h-px after:transition-colors',
                      isActive
                        ? 'text-foreground after:bg-gold'
                        : 'text-muted-foreground after:bg-transparent',
                    )
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

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
