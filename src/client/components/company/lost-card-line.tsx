import { useId } from 'react';
import { COMPANY } from '../../config/site.ts';
import { telHref } from '#shared/company.ts';
import { cn } from '../../utils/cn.ts';

/** A handset, drawn inline: public pages add no icon imports. */
function PhoneGlyph({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M5 3.5h3.2l1.6 4.2-2.1 1.4a11.5 11.5 0 0 0 7.2 7.2l1.4-2.1 4.2 1.6V19a1.5 1.5 0 0 1-1.6 1.5A16.5 16.5 0 0 1 3.5 5.1 1.5 1.5 0 0 1 5 3.5Z" />
    </svg>
  );
}

type LostCardLineProps = {
  /** The block's heading level on its page. */
  level?: 2 | 3;
  className?: string;
};

/**
 * The 24-hour lost or stolen card line (issue 18): a block of its own, labelled by its
 * question, so a member under stress finds the number in one glance and can call it with one tap.
 */
export function LostCardLine({ level = 2, className }: LostCardLineProps) {
  const headingId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section
      aria-labelledby={headingId}
      data-testid="lost-card-line"
      className={cn(
        'flex items-start gap-4 rounded-xl border-2 border-gold-soft/70 bg-card p-5 text-card-foreground sm:p-6',
        className,
      )}
    >
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-muted text-gold">
        <PhoneGlyph className="size-5" />
      </span>
      <div className="min-w-0">
        <Heading id={headingId} className="font-sans text-lg leading-snug font-semibold">
          Lost or stolen card?
        </Heading>
        <p className="mt-1.5 leading-relaxed">
          Call{' '}
          <a
            href={telHref(COMPANY.lostCardPhone)}
            data-testid="lost-card-phone"
            className="rounded-sm font-semibold whitespace-nowrap text-foreground underline decoration-gold-soft underline-offset-4 hover:decoration-2"
          >
            {COMPANY.lostCardPhone}
          </a>{' '}
          — 24 hours a day.
        </p>
        <p className="mt-1 text-sm leading-relaxed text-muted-foreground">
          Freeze the card in the app first if you can; we will cancel it and send a replacement.
        </p>
      </div>
    </section>
  );
}
