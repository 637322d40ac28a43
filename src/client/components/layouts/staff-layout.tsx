import type { ReactNode } from 'react';
import { paths } from '../../config/paths.ts';
import { ThemeToggle } from '../theme-toggle.tsx';
import { PageFrame } from './main-layout.tsx';
import { BrandLink } from './site-header.tsx';

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
  return (
    <PageFrame
      header={
        <header
          data-testid="staff-header"
          className="border-b border-border/80 bg-background/90 supports-[backdrop-filter]:bg-background/75"
        >
          <div className="mx-auto flex h-14 w-full max-w-[90rem] items-center justify-between gap-4 px-4 md:px-8">
            <BrandLink to={paths.admin.getHref()} markClassName="size-7" nameClassName="text-xl">
              <span className="text-sm text-muted-foreground">Staff</span>
            </BrandLink>
            <ThemeToggle />
          </div>
        </header>
      }
      footer={extras}
    >
      {children}
    </PageFrame>
  );
}
