import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { BRAND_NAME } from '../../config/site.ts';
import { Monogram } from '../brand/logo.tsx';
import { Container } from './container.tsx';
import { footerNavigation } from './navigation.ts';

const linkClasses =
  'rounded-sm text-sm text-muted-foreground underline-offset-4 transition-colors hover:text-foreground hover:underline';

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer data-testid="site-footer" className="border-t border-border bg-muted/50">
      <Container className="py-14">
        <div className="grid gap-10 md:grid-cols-[1.3fr_2fr] lg:gap-16">
          <div className="max-w-xs">
            <p className="flex items-center gap-2.5">
              <Monogram className="size-7" />
              <span className="font-serif text-xl tracking-wide">{BRAND_NAME}</span>
            </p>
            <p className="mt-4 text-sm leading-relaxed text-muted-foreground">
              Private membership beyond banking. Discreet cards, elevated limits and curated perks,
              by invitation.
            </p>
          </div>

          <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-4">
            {footerNavigation.map((group) => (
              <div key={group.title}>
                <h2 className="font-sans text-sm font-semibold tracking-wide text-gold">
                  {group.title}
                </h2>
                <ul className="mt-4 flex flex-col gap-3">
                  {group.links.map((link) => (
                    <li key={link.href}>
                      <Link to={link.href} className={linkClasses}>
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </div>

        <div className="mt-12 flex flex-col gap-4 border-t border-border pt-6 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {year} {BRAND_NAME}. All rights reserved.
          </p>
          <Link to={paths.admin.getHref()} className={linkClasses} data-testid="admin-link">
            Admin access
          </Link>
        </div>
      </Container>
    </footer>
  );
}
