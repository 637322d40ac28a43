import { Link } from 'react-router';
import { Container } from '#client/components/layouts/container.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';
import { useBottomSheetSpace } from '#client/lib/bottom-sheet-space.ts';

/** /cards closing block. On phones its button moves into the bar below. */
export function CardsInvitation() {
  return (
    <section
      aria-labelledby="cards-invitation-heading"
      data-testid="cards-invitation"
      className="rounded-lg border border-border bg-card bg-[radial-gradient(ellipse_at_50%_0%,color-mix(in_srgb,var(--gold-soft)_16%,transparent),transparent_70%)] px-6 py-14 text-center sm:px-12 md:py-20"
    >
      <p className="mb-4 text-xs font-semibold tracking-[0.22em] text-gold uppercase">Membership</p>
      <h2 id="cards-invitation-heading" className="text-3xl sm:text-4xl">
        Request an invitation
      </h2>
      <p className="mx-auto mt-5 max-w-xl text-lg leading-relaxed text-muted-foreground">
        Membership is by invitation or approved application. Tell us a little about yourself and we
        will reply within 3-5 business days.
      </p>
      <Button asChild size="lg" className="mt-9 hidden md:inline-flex">
        <Link to={paths.apply.root.getHref()}>Apply Now</Link>
      </Button>
    </section>
  );
}

/**
 * Phones (under 768 px): 'Request Invitation' stays in reach at the foot of the screen. It is
 * sticky, not fixed: placed last in the page, it rides the bottom edge while the page scrolls
 * and comes to rest above the footer at the end, so it never covers any content. While the
 * cookie sheet shows, it rides above the sheet (whose height the sheet publishes).
 */
export function RequestInvitationBar() {
  const sheetSpace = useBottomSheetSpace();
  return (
    <div
      data-testid="request-invitation-bar"
      style={sheetSpace > 0 ? { bottom: `${sheetSpace}px` } : undefined}
      className="sticky bottom-0 z-30 border-t border-border bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur-md md:hidden"
    >
      <Container className="py-3">
        <Button asChild size="lg" className="w-full">
          <Link to={paths.apply.root.getHref()}>Request Invitation</Link>
        </Button>
      </Container>
    </div>
  );
}
