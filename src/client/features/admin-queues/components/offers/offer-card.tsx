import { AlertTriangle, Clock, ShieldAlert } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import type { OfferListRow } from '#shared/schemas/admin.ts';
import type { PendingOffer } from '#shared/schemas/staff.ts';
import { isTier, TIER_INFO, TIERS, type Tier } from '#shared/tiers.ts';
import { Alert, AlertDescription, AlertTitle } from '#client/components/ui/alert.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '#client/components/ui/card.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Select, SelectTrigger, SelectValue } from '#client/components/ui/select.tsx';
import { OptionList } from '#client/components/staff/list-filters.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { useMayCall, useStaffMember } from '#client/lib/staff/api/get-me.ts';
import { useIssueOffer } from '#client/lib/staff/api/offers.ts';
import { formatStaffDateTime } from '#client/lib/staff/format-date.ts';
import {
  OVERDUE_EDGE,
  QueueCaseMeta,
  type Queued,
} from '#client/components/staff/queue-controls.tsx';
import { isBreached } from '#shared/service-levels.ts';
import { cn } from '#client/utils/cn.ts';
import { ApproveOfferButton } from './approve-offer-button.tsx';
import {
  APPROVAL_WAIT_TEXT,
  approvalView,
  employmentLabel,
  formatIncome,
  initialTier,
  sanctionsBlocked,
  sanctionsClearedText,
} from './offer-format.ts';
import { ClearSanctionsDialog } from './clear-sanctions-dialog.tsx';
import { failureShown } from '#client/lib/react-query.ts';

const INVALID_TIER = 'Please select a valid tier';
const TIER_OPTIONS = TIERS.map((tier) => ({ value: tier, label: TIER_INFO[tier].name }));

function tierName(tier: Tier | null): string {
  return tier ? TIER_INFO[tier].name : '—';
}

/**
 * SPEC §2 'Offers': one applicant at stage kyc, and the form that issues their offer. Four eyes
 * (CONTRACT §5): an offer to a politically exposed person waits here for an owner other than
 * its issuer, and a sanctions match blocks any offer until compliance clears it.
 */
export function OfferCard({
  row,
  select,
}: {
  row: Queued<OfferListRow>;
  /** The bulk-assignment box, beside the name. */
  select?: ReactNode;
}) {
  const id = useId();
  const manual = row.suggested_tier === 'manual';
  const name = row.full_name ?? 'Unknown Applicant';
  const blocked = sanctionsBlocked(row.sanctions);
  const mayClear = useMayCall('admin-sanctions-clear');
  const [clearing, setClearing] = useState(false);
  const clearButton = useRef<HTMLButtonElement>(null);
  const clearedLine = useRef<HTMLParagraphElement>(null);

  const facts: [string, string][] = [
    ['Annual income', formatIncome(row.annual_income)],
    ['Employment status', employmentLabel(row.employment_status)],
    ['PEP exposed', row.pep_exposed ? 'Yes' : 'No'],
    ['Preferred tier', tierName(row.card_tier_pref)],
    ['Suggested tier', manual ? 'Manual' : tierName(row.suggested_tier as Tier)],
  ];

  return (
    <Card
      className={cn('h-full gap-5', isBreached(row.due_at) && OVERDUE_EDGE)}
      role="group"
      aria-label={`Offer for ${name}`}
    >
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="flex min-w-0 items-start gap-3">
            {select}
            <CardTitle className="min-w-0 text-lg break-words">{name}</CardTitle>
          </div>
          <div className="flex flex-wrap gap-2">
            {row.pending_offer ? (
              <Badge variant="gold">
                <Clock aria-hidden="true" />
                Awaiting approval
              </Badge>
            ) : null}
            {manual && !row.pending_offer ? (
              <Badge variant="destructive">
                <AlertTriangle aria-hidden="true" />
                Manual Review Required
              </Badge>
            ) : null}
          </div>
        </div>
        <CardDescription className="break-all">{row.email ?? '—'}</CardDescription>
        <QueueCaseMeta
          waitingSince={row.waiting_since}
          dueAt={row.due_at}
          assignee={row.assignee}
          basicId={row.basic_id}
          name={name}
        />
      </CardHeader>
      <CardContent className="grid gap-5">
        <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm min-[420px]:grid-cols-2">
          {facts.map(([label, value]) => (
            <div key={label} className="grid gap-0.5">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
        {blocked ? (
          <div className="grid gap-3">
            <Alert variant="destructive" id={`${id}-sanctions`}>
              <ShieldAlert aria-hidden="true" />
              <div className="grid gap-1">
                <AlertTitle>Sanctions match</AlertTitle>
                <AlertDescription>
                  No offer can be issued until compliance clears this match.
                </AlertDescription>
              </div>
            </Alert>
            {mayClear ? (
              <div>
                <Button
                  ref={clearButton}
                  variant="outline"
                  size="sm"
                  onClick={() => setClearing(true)}
                >
                  Clear match
                  <span className="sr-only"> for {name}</span>
                </Button>
              </div>
            ) : null}
          </div>
        ) : row.sanctions.cleared ? (
          <p
            ref={clearedLine}
            tabIndex={-1}
            className="text-sm break-words text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            {sanctionsClearedText(row.sanctions.cleared)}
          </p>
        ) : null}
        {row.pending_offer ? <PendingOfferDetails offer={row.pending_offer} /> : null}
      </CardContent>
      {row.pending_offer ? (
        <CardFooter className="mt-auto">
          <Approval row={row} offer={row.pending_offer} name={name} blocked={blocked} />
        </CardFooter>
      ) : (
        <IssueOfferForm row={row} name={name} blocked={blocked} describedBy={`${id}-sanctions`} />
      )}
      {mayClear && row.sanctions.match ? (
        <ClearSanctionsDialog
          basicId={row.basic_id}
          name={name}
          open={clearing}
          onOpenChange={setClearing}
          onCloseAutoFocus={(event) => {
            // Once cleared, the button is gone: the line recording the clearance takes focus.
            if (clearButton.current?.isConnected) return;
            event.preventDefault();
            clearedLine.current?.focus();
          }}
        />
      ) : null}
    </Card>
  );
}

/** The offer as issued, waiting for the second pair of eyes. */
function PendingOfferDetails({ offer }: { offer: PendingOffer }) {
  return (
    <div className="grid gap-3 rounded-md border border-border p-4">
      <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm min-[420px]:grid-cols-2">
        <div className="grid gap-0.5">
          <dt className="text-muted-foreground">Proposed tier</dt>
          <dd className="font-medium">{TIER_INFO[offer.tier].name}</dd>
        </div>
        <div className="grid gap-0.5 min-[420px]:col-span-2">
          <dt className="text-muted-foreground">Pricing note</dt>
          <dd className="font-medium break-words whitespace-pre-line">
            {offer.pricing_note ?? 'None'}
          </dd>
        </div>
      </dl>
      <p className="text-sm break-words text-muted-foreground">
        Issued by <span className="font-medium text-foreground">{offer.issued_by.name}</span>
        {' · '}
        <time dateTime={offer.issued_at}>{formatStaffDateTime(offer.issued_at)}</time>
      </p>
    </div>
  );
}

function Approval({
  row,
  offer,
  name,
  blocked,
}: {
  row: OfferListRow;
  offer: PendingOffer;
  name: string;
  blocked: boolean;
}) {
  const me = useStaffMember();
  const view = approvalView({
    issuerId: offer.issued_by.id,
    myId: me?.id ?? null,
    mayApprove: useMayCall('admin-offer-approve'),
  });
  if (view === 'approve') {
    return <ApproveOfferButton basicId={row.basic_id} name={name} disabled={blocked} />;
  }
  return <p className="text-sm text-muted-foreground">{APPROVAL_WAIT_TEXT[view]}</p>;
}

function IssueOfferForm({
  row,
  name,
  blocked,
  describedBy,
}: {
  row: OfferListRow;
  name: string;
  blocked: boolean;
  /** The sanctions alert that explains why the form is disabled. */
  describedBy: string;
}) {
  const id = useId();
  const [tier, setTier] = useState<Tier | null>(() => initialTier(row));
  const [note, setNote] = useState('');
  const issue = useIssueOffer();
  const disabled = blocked || issue.isPending;

  const onIssue = () => {
    if (!tier || disabled) return;
    // mutateAsync: the card leaves the list (or changes) on success and on a 409, and the
    // toast must still show after the form has unmounted.
    issue
      .mutateAsync({ basic_id: row.basic_id, tier, pricing_note: note.trim() || null })
      .then((response) => {
        if (response.status === 'pending_approval') {
          toast.success('Offer sent for approval', {
            description: "A politically exposed person's offer needs an owner's approval.",
          });
        } else {
          toast.success('Offer issued successfully');
        }
      }, failureShown);
  };

  return (
    <>
      <CardContent className="grid gap-5">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-tier`}>Assign Tier</Label>
          <Select
            value={tier ?? ''}
            onValueChange={(value) => isTier(value) && setTier(value)}
            disabled={disabled}
          >
            <SelectTrigger
              id={`${id}-tier`}
              aria-invalid={tier ? undefined : true}
              aria-describedby={tier ? undefined : `${id}-tier-error`}
            >
              <SelectValue placeholder="Select a tier" />
            </SelectTrigger>
            <OptionList options={TIER_OPTIONS} />
          </Select>
          {tier ? null : (
            <p id={`${id}-tier-error`} className="text-sm font-medium text-destructive-text">
              {INVALID_TIER}
            </p>
          )}
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-note`}>Pricing Note (optional)</Label>
          <Textarea
            id={`${id}-note`}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            maxLength={500}
            className="min-h-20"
            disabled={disabled}
          />
        </div>
      </CardContent>
      <CardFooter className="mt-auto">
        <Button
          onClick={onIssue}
          disabled={!tier || disabled}
          aria-describedby={blocked ? describedBy : undefined}
          className="w-full sm:w-auto"
        >
          {issue.isPending ? 'Issuing...' : 'Issue Offer'}
          <span className="sr-only"> to {name}</span>
        </Button>
      </CardFooter>
    </>
  );
}
