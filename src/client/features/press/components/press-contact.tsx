import { Mail } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '#client/config/paths.ts';
import { COMPANY } from '#client/config/site.ts';

/** SPEC §9: press enquiries are answered within 24-48 hours. */
export function PressContact() {
  return (
    <div className="rounded-lg border border-border bg-card p-6 md:p-8">
      <p className="text-sm font-medium text-muted-foreground">Press office</p>
      <a
        href={`mailto:${COMPANY.pressEmail}`}
        className="mt-3 inline-flex items-center gap-3 rounded-sm font-serif text-2xl break-all underline decoration-gold-soft/60 underline-offset-[6px] transition-colors hover:decoration-gold-soft md:text-3xl"
      >
        <Mail aria-hidden="true" className="size-6 shrink-0 text-gold" />
        {COMPANY.pressEmail}
      </a>
      <p className="mt-5 leading-relaxed text-muted-foreground">
        We reply to press enquiries within 24-48 hours. For interviews, comment and high-resolution
        material beyond this kit, write to us with your publication and deadline.
      </p>
      <p className="mt-4 text-sm text-muted-foreground">
        Not a journalist? Members and applicants can reach us through our{' '}
        <Link
          to={paths.contact.getHref()}
          className="text-foreground underline decoration-gold-soft underline-offset-4 hover:decoration-2"
        >
          contact page
        </Link>
        .
      </p>
    </div>
  );
}
