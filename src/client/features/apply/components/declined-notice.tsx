import { Link } from 'react-router';
import { paths } from '#client/config/paths.ts';
import { BRAND_NAME } from '#client/config/site.ts';
import { cn } from '#client/utils/cn.ts';

export const DECLINED_HEADING = 'Your application was not successful';

/**
 * CONTRACT §6: a declined application's screens say so politely, instead of the journey. No
 * progress, no actions, and never staff's internal reason (the applicant's calls never carry
 * it). `compact` is the /apply page's version, in place of the 'already started' banner.
 */
export function DeclinedNotice({ compact = false }: { compact?: boolean }) {
  return (
    <section
      aria-labelledby="declined-title"
      data-testid="declined-notice"
      className={cn(
        'rounded-lg border border-border bg-card shadow-xs',
        compact ? 'p-5 sm:p-6' : 'p-6 sm:p-10',
      )}
    >
      <h2 id="declined-title" className={compact ? 'text-xl md:text-2xl' : 'text-2xl md:text-3xl'}>
        {DECLINED_HEADING}
      </h2>
      <p
        className={cn('max-w-xl leading-relaxed text-muted-foreground', compact ? 'mt-3' : 'mt-5')}
      >
        Thank you for your interest in {BRAND_NAME}. After careful review, we are unable to offer
        you membership at this time. We have sent you an e-mail confirming this. If you have
        questions, please{' '}
        <Link
          to={paths.contact.getHref()}
          className="rounded-sm font-medium text-foreground underline decoration-gold-soft underline-offset-4 hover:decoration-2"
        >
          contact us
        </Link>
        .
      </p>
    </section>
  );
}
