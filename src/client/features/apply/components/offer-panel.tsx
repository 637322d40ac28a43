import { ArrowDown, MapPin, PenLine } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { monthlyFeeLabel } from '#shared/fees.ts';
import { formatAddress } from '#shared/identity.ts';
import { OFFER_MESSAGE, ZOfferForm } from '#shared/schemas/apply.ts';
import type { ApplyGetStageResponse } from '#shared/schemas/journey.ts';
import { SIGNATURE_MISMATCH_MESSAGE, signatureMatches } from '#shared/signature.ts';
import { TIER_INFO, isTier, tiersBelow, type Tier } from '#shared/tiers.ts';
import { FormAlert } from '#client/components/form/form-alert.tsx';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '#client/components/ui/alert-dialog.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import { Input, fieldClasses } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { paths } from '#client/config/paths.ts';
import { isApiError } from '#client/lib/api-client.ts';
import { cn } from '#client/utils/cn.ts';
import { useOfferAction } from '../api/offer-action.ts';
import { BusyLabel } from '#client/components/ui/busy-label.tsx';
import { TierShowcase } from './tier-showcase.tsx';

/** SPEC §8 'Offer, magic link, resume'. */
const ACCEPT_FAILED_MESSAGE = 'Failed to accept offer';
const CHANGE_FAILED_MESSAGE = 'Failed to change tier';

type Downgrade = { from: Tier; to: Tier };

/**
 * Lower tiers only (SPEC §4), chosen once: the choice replaces the dropdown with a badge. It
 * cannot be undone, so it is confirmed first; one request however often the button is pressed.
 */
function DowngradeChooser({
  tier,
  basicId,
  onChanged,
}: {
  tier: Tier;
  basicId: string;
  onChanged: (downgrade: Downgrade) => void;
}) {
  const action = useOfferAction();
  const [choice, setChoice] = useState('');
  const [confirming, setConfirming] = useState<Tier | null>(null);
  // isPending reaches the button a render later; a second click can land before that.
  const sending = useRef(false);
  const lower = tiersBelow(tier);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isTier(choice) && !sending.current) setConfirming(choice);
  };

  const change = (to: Tier) => {
    setConfirming(null);
    if (sending.current) return;
    sending.current = true;
    action.mutate(
      { basic_id: basicId, action: 'downgrade', chosen_tier: to },
      {
        onSuccess: (response) => {
          const changed = isTier(response.tier) ? response.tier : to;
          toast.success(`Tier changed to ${TIER_INFO[changed].name}`);
          onChanged({ from: tier, to: changed });
        },
        onError: () => toast.error(CHANGE_FAILED_MESSAGE),
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  };

  return (
    <form
      onSubmit={onSubmit}
      className="grid gap-3 rounded-md border border-border bg-muted/60 p-5"
      aria-labelledby="downgrade-title"
    >
      <div>
        <h3 id="downgrade-title" className="font-sans text-sm font-medium">
          Prefer a lower tier?
        </h3>
        <p id="downgrade-hint" className="mt-1 text-sm leading-relaxed text-muted-foreground">
          You may take a lower tier instead. You can change it once.
        </p>
      </div>
      <div className="grid gap-3">
        <Label htmlFor="downgrade-tier" className="sr-only">
          Lower tier
        </Label>
        <select
          id="downgrade-tier"
          value={choice}
          onChange={(event) => setChoice(event.target.value)}
          aria-describedby="downgrade-hint"
          className={cn(fieldClasses, 'h-10 cursor-pointer py-2')}
        >
          <option value="">Choose a lower tier</option>
          {lower.map((option) => (
            <option key={option} value={option}>
              {TIER_INFO[option].name}
            </option>
          ))}
        </select>
        <Button
          type="submit"
          variant="outline"
          disabled={!isTier(choice) || action.isPending || confirming !== null}
        >
          <BusyLabel
            busy={action.isPending}
            working="Changing..."
            idle={
              <>
                <ArrowDown aria-hidden="true" />
                Change tier
              </>
            }
          />
        </Button>
      </div>
      <AlertDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
      >
        {confirming ? (
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>Change to {TIER_INFO[confirming].name}?</AlertDialogTitle>
              <AlertDialogDescription>
                Your offer becomes {TIER_INFO[confirming].name} membership (
                {monthlyFeeLabel(confirming)}) instead of {TIER_INFO[tier].name}. You can change
                tier only once, and cannot return to {TIER_INFO[tier].name} afterwards.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>Keep {TIER_INFO[tier].name}</AlertDialogCancel>
              <AlertDialogAction onClick={() => change(confirming)}>
                Change to {TIER_INFO[confirming].name}
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        ) : null}
      </AlertDialog>
    </form>
  );
}

/**
 * SPEC §2 /apply/offer: the offered tier, an optional downgrade, and acceptance with the
 * typed full legal name as an electronic signature (`apply-offer-action`).
 */
export function OfferPanel({ application }: { application: ApplyGetStageResponse }) {
  const navigate = useNavigate();
  const accept = useOfferAction();
  const [downgrade, setDowngrade] = useState<Downgrade | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [signature, setSignature] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  // isPending reaches the button a render later; a double click must still send one request.
  const sending = useRef(false);

  // SPEC §2: the assigned tier, standard when none is set.
  const offered = application.offer?.tier ?? application.tier_assigned ?? 'standard';
  const tier = downgrade?.to ?? offered;
  const downgradedFrom = application.offer?.downgraded_from ?? downgrade?.from ?? null;
  const canDowngrade = downgradedFrom === null && tiersBelow(tier).length > 0;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const parsed = ZOfferForm.safeParse({ agreed, esignName: signature });
    if (!parsed.success) {
      setFailure(OFFER_MESSAGE);
      return;
    }
    // The server checks it too; here the applicant learns at once, before anything is sent.
    if (application.full_name && !signatureMatches(parsed.data.esignName, application.full_name)) {
      setFailure(SIGNATURE_MISMATCH_MESSAGE);
      return;
    }
    if (sending.current) return;
    sending.current = true;
    // Awaited rather than mutate()'s callbacks, which are dropped once this screen goes: the
    // live update of the accepted stage can show the next screen before the answer arrives.
    accept
      .mutateAsync({
        basic_id: application.basic_id,
        action: 'accept',
        chosen_tier: tier,
        esign_name: parsed.data.esignName,
      })
      .then(
        () => {
          toast.success('Offer accepted successfully!');
          void navigate(paths.apply.activate.getHref(), { replace: true });
        },
        (error: unknown) => {
          const mismatch = isApiError(error) && error.details?.esign_name;
          setFailure(mismatch || ACCEPT_FAILED_MESSAGE);
          toast.error(ACCEPT_FAILED_MESSAGE);
          // Signed on success: the screen moves on, so only a failure allows another try.
          sending.current = false;
        },
      );
  };

  return (
    <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:gap-12">
      <section aria-labelledby="offer-title" className="grid content-start gap-6">
        <h2 id="offer-title" className="text-2xl md:text-3xl">
          Your membership
        </h2>
        <TierShowcase
          tier={tier}
          badge={
            downgradedFrom ? (
              <Badge variant="gold" data-testid="downgraded-badge">
                Downgraded from {TIER_INFO[downgradedFrom].name}
              </Badge>
            ) : null
          }
        />
        {application.offer?.pricing_note ? (
          <p className="rounded-md border border-border px-4 py-3 text-sm leading-relaxed">
            <span className="font-medium">A note from our team: </span>
            {application.offer.pricing_note}
          </p>
        ) : null}
        {application.address ? (
          <p
            data-testid="card-delivery-address"
            className="flex items-start gap-3 rounded-md border border-border px-4 py-3 text-sm leading-relaxed"
          >
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold" />
            <span className="min-w-0 break-words">
              <span className="font-medium">Your card will be sent to</span>{' '}
              {formatAddress(application.address)}.
            </span>
          </p>
        ) : null}
      </section>

      <section
        aria-labelledby="accept-title"
        className="grid content-start gap-6 rounded-lg border border-border bg-card p-6 shadow-xs sm:p-8"
      >
        <h2 id="accept-title" className="text-2xl md:text-3xl">
          Accept your offer
        </h2>
        {canDowngrade ? (
          <DowngradeChooser tier={tier} basicId={application.basic_id} onChanged={setDowngrade} />
        ) : null}
        <form noValidate onSubmit={onSubmit} className="grid gap-6">
          <div className="flex items-start gap-3">
            <Checkbox
              id="offer-terms"
              checked={agreed}
              onCheckedChange={(value) => setAgreed(value === true)}
              className="mt-0.5"
            />
            <Label htmlFor="offer-terms" className="leading-relaxed font-normal">
              I have read and agree to the{' '}
              <Link
                to={paths.legal.terms.getHref()}
                target="_blank"
                rel="noopener"
                className="rounded-sm font-medium underline decoration-gold-soft underline-offset-4 hover:decoration-2"
              >
                Terms and Conditions
                <span className="sr-only"> (opens in a new tab)</span>
              </Link>{' '}
              and accept this offer of {TIER_INFO[tier].name} membership (
              {monthlyFeeLabel(tier).toLowerCase()}).
            </Label>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="offer-signature">Full legal name</Label>
            <div className="relative">
              <PenLine
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              />
              <Input
                id="offer-signature"
                autoComplete="name"
                disabled={!agreed}
                value={signature}
                onChange={(event) => setSignature(event.target.value)}
                aria-describedby="offer-signature-hint"
                className="h-12 pl-9 font-serif text-lg italic"
              />
            </div>
            <p id="offer-signature-hint" className="text-sm leading-relaxed text-muted-foreground">
              Typing your name signs this agreement electronically. We record it with the time, your
              IP address and your device.
            </p>
          </div>
          {failure ? <FormAlert testId="offer-error">{failure}</FormAlert> : null}
          <Button type="submit" size="lg" disabled={accept.isPending} className="w-full">
            <BusyLabel busy={accept.isPending} idle="Accept Offer" working="Accepting..." />
          </Button>
        </form>
      </section>
    </div>
  );
}
