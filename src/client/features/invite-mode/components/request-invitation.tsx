import { Link } from 'react-router';
import { Monogram } from '#client/components/brand/logo.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';
import { cn } from '#client/utils/cn.ts';
import { useInviteMode } from '../api/get-invite-mode.ts';

/** SPEC §2 (Home): the closing block's words in each invite mode. */
const COPY = {
  on: {
    label: 'Invite-Only Membership',
    text: 'Invitations are currently limited to approved members only. Enter your invitation code to apply for exclusive membership.',
    button: 'Enter Invite Code',
  },
  off: {
    label: null,
    text: 'Join an exclusive community of individuals who expect more from their banking partner.',
    button: 'Apply Now',
  },
} as const;

type VariantProps = {
  mode: 'on' | 'off';
  hidden: boolean;
  /** Carries the heading id the section is labelled by. */
  labelled: boolean;
};

function Variant({ mode, hidden, labelled }: VariantProps) {
  const { label, text, button } = COPY[mode];
  return (
    <div
      data-invite-mode={mode}
      aria-hidden={hidden || undefined}
      inert={hidden}
      className={cn(
        'col-start-1 row-start-1 flex flex-col items-center text-center',
        hidden && 'invisible',
      )}
    >
      <Monogram className="mb-8 size-11" />
      {label ? (
        <p className="mb-4 text-xs font-semibold tracking-[0.22em] text-gold uppercase">{label}</p>
      ) : null}
      <h2 id={labelled ? 'invitation-heading' : undefined} className="text-3xl sm:text-4xl">
        Request an invitation
      </h2>
      <p className="mt-5 max-w-xl text-lg leading-relaxed text-muted-foreground">{text}</p>
      <Button asChild size="lg" className="mt-9">
        <Link to={paths.apply.root.getHref()}>{button}</Link>
      </Button>
    </div>
  );
}

/**
 * The home page's closing call to action, worded by invite mode. Both wordings are laid out
 * in the same grid cell and only the live one is visible, so the block has its final height
 * from the first frame: no shift when the setting arrives, nothing shown before it does.
 */
export function RequestInvitation({ className }: { className?: string }) {
  const mode = useInviteMode();
  return (
    <section
      aria-labelledby="invitation-heading"
      aria-busy={mode === 'loading' || undefined}
      data-testid="request-invitation"
      className={cn(
        'relative overflow-hidden rounded-lg border border-border bg-card px-6 py-16 sm:px-12 md:py-20',
        'bg-[radial-gradient(ellipse_at_50%_0%,color-mix(in_srgb,var(--gold-soft)_16%,transparent),transparent_70%)]',
        className,
      )}
    >
      <div className="grid">
        <Variant mode="on" hidden={mode !== 'on'} labelled={mode !== 'off'} />
        <Variant mode="off" hidden={mode !== 'off'} labelled={mode === 'off'} />
      </div>
    </section>
  );
}
