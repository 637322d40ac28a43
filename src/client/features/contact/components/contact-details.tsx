import { Clock, Mail, MapPin, MessageSquareReply, Newspaper } from 'lucide-react';
import type { ReactNode } from 'react';
import { COMPANY } from '#client/config/site.ts';

const LINK =
  'rounded-sm text-foreground underline decoration-gold-soft underline-offset-4 break-all hover:decoration-2';

function Detail({ icon, term, children }: { icon: ReactNode; term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5 py-5 first:pt-0 last:pb-0">
      <dt className="flex items-center gap-2.5 text-xs font-semibold tracking-[0.16em] text-muted-foreground uppercase">
        {icon}
        {term}
      </dt>
      <dd className="pl-[1.625rem] leading-relaxed text-foreground">{children}</dd>
    </div>
  );
}

const ICON = 'size-4 shrink-0 text-gold';

/** Beside the form: e-mail, hours, reply time (SPEC §9) and locations (SPEC §2). */
export function ContactDetails() {
  return (
    <section aria-labelledby="contact-details-title">
      <h2 id="contact-details-title" className="text-2xl">
        Other ways to reach us
      </h2>
      <dl className="mt-8 divide-y divide-border">
        <Detail icon={<Mail aria-hidden="true" className={ICON} />} term="Email">
          <a href={`mailto:${COMPANY.supportEmail}`} className={LINK}>
            {COMPANY.supportEmail}
          </a>
        </Detail>
        <Detail icon={<Clock aria-hidden="true" className={ICON} />} term="Support hours">
          {COMPANY.supportHours}
        </Detail>
        <Detail icon={<MessageSquareReply aria-hidden="true" className={ICON} />} term="Reply time">
          Within 2-3 business days
        </Detail>
        <Detail icon={<Newspaper aria-hidden="true" className={ICON} />} term="Press">
          <a href={`mailto:${COMPANY.pressEmail}`} className={LINK}>
            {COMPANY.pressEmail}
          </a>
          <span className="block text-sm text-muted-foreground">Replies within 24-48 hours</span>
        </Detail>
        <Detail icon={<MapPin aria-hidden="true" className={ICON} />} term="Visit us">
          Physical locations coming soon.
        </Detail>
      </dl>
    </section>
  );
}
