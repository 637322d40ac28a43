import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { statusStatement } from '#shared/company.ts';
import { BRAND_NAME, COMPANY } from '../../config/site.ts';
import { Monogram } from '../brand/logo.tsx';
import { Container } from './container.tsx';
import { footerNavigation, type FooterLink } from './navigation.ts';

const linkClasses =
  'rounded-sm text-sm text-muted-foreground underline-offset-4 transition-colors hover:text-foreground hover:underline';

/** The image-sharing profile's glyph (brand icons are not part of the icon set). */
function SocialGlyph() {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className="size-[18px]"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
    >
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.3" cy="6.7" r="0.9" fill="currentColor" stroke="none" />
    </svg>
  );
}

function FooterEntry({ link }: { link: FooterLink }) {
  switch (link.kind) {
    case 'route':
      return (
        <Link to={link.href} className={linkClasses}>
          {link.label}
        </Link>
      );
    case 'external':
      return (
        <a href={link.href} className={linkClasses}>
          {link.label}
        </a>
      );
    case 'soon':
      return (
        <span className="inline-flex items-center gap-2 text-sm text-muted-foreground">
          {link.label}
          <span className="rounded-full border border-gold-soft/60 px-1.5 py-px text-[0.625rem] font-semibold tracking-wider text-gold uppercase">
            Soon
          </span>
        </span>
      );
  }
}

type SiteFooterProps = {
  /** 'Cookie settings' button, composed by the app from the consent feature. */
  cookieSettings?: ReactNode;
  /** Founder Mode switch (founding members only), composed by the app. */
  founderSwitch?: ReactNode;
};

export function SiteFooter({ cookieSettings, founderSwitch }: SiteFooterProps) {
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
            <a
              href={COMPANY.socialUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${COMPANY.socialLabel} (opens in a new tab)`}
              data-testid="social-link"
              className="mt-5 inline-flex size-10 items-center justify-center rounded-full border border-border text-muted-foreground transition-colors hover:border-gold-soft hover:text-gold"
            >
              <SocialGlyph />
            </a>
          </div>

          <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-4">
            {footerNavigation(COMPANY.supportEmail).map((group) => (
              <div key={group.title} className="min-w-0">
                <h2 className="font-sans text-sm font-semibold tracking-wide text-gold">
                  {group.title}
                </h2>
                <ul className="mt-4 flex flex-col gap-3">
                  {group.links.map((link) => (
                    <li key={link.label}>
                      <FooterEntry link={link} />
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </div>

        <p
          data-testid="footer-status"
          className="mt-12 border-t border-border pt-6 text-sm leading-relaxed text-muted-foreground"
        >
          {statusStatement()}
        </p>
        <div className="mt-5 flex flex-col gap-5 text-sm text-muted-foreground lg:flex-row lg:items-center lg:justify-between">
          <address className="flex flex-col gap-1 not-italic">
            <span>
              © {year} {COMPANY.legalName}. {COMPANY.registration}.
            </span>
            <span>
              Registered office: {COMPANY.registeredOffice} ·{' '}
              <a href={`mailto:${COMPANY.supportEmail}`} className={linkClasses}>
                {COMPANY.supportEmail}
              </a>
            </span>
          </address>
          <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
            {founderSwitch}
            {cookieSettings}
            <Link to={paths.admin.getHref()} className={linkClasses} data-testid="admin-link">
              Admin access
            </Link>
          </div>
        </div>
      </Container>
    </footer>
  );
}
