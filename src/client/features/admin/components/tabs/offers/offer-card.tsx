import { AlertTriangle } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { OfferListRow } from '../../../../../../shared/schemas/admin.ts';
import { isTier, TIER_INFO, TIERS, type Tier } from '../../../../../../shared/tiers.ts';
import { Badge } from '../../../../../components/ui/badge.tsx';
import { Button } from '../../../../../components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../../../../components/ui/card.tsx';
import { Label } from '../../../../../components/ui/label.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../../../../components/ui/select.tsx';
import { Textarea } from '../../../../../components/ui/textarea.tsx';
import { isApiError } from '../../../../../lib/api-client.ts';
import { useIssueOffer } from '../../../api/offers.ts';
import { employmentLabel, formatIncome, initialTier } from './offer-format.ts';

const INVALID_TIER = 'Please select a valid tier';

function tierName(tier: Tier | null): string {
  return tier ? TIER_INFO[tier].name : '—';
}

/** SPEC §2 'Offers': one applicant at stage kyc, and the form that issues their offer. */
export function OfferCard({ row }: { row: OfferListRow }) {
  const id = useId();
  const [tier, setTier] = useState<Tier | null>(() => initialTier(row));
  const [note, setNote] = useState('');
  const issue = useIssueOffer();
  const manual = row.suggested_tier === 'manual';
  const name = row.full_name ?? 'Unknown Applicant';

  const onIssue = () => {
    if (!tier || issue.isPending) return;
    // mutateAsync: the card leaves the list on success (and on a 409), and the toast must
    // still show after it has unmounted.
    issue.mutateAsync({ basic_id: row.basic_id, tier, pricing_note: note.trim() || null }).then(
      () => toast.success('Offer issued successfully'),
      (error: unknown) => {
        console.error('admin-offer-issue failed', error);
        const refused = isApiError(error) && error.status >= 400 && error.status < 500;
        toast.error('Failed to issue offer', {
          description: refused ? error.message : undefined,
        });
      },
    );
  };

  const facts: [string, string][] = [
    ['Annual income', formatIncome(row.annual_income)],
    ['Employment status', employmentLabel(row.employment_status)],
    ['PEP exposed', row.pep_exposed ? 'Yes' : 'No'],
    ['Preferred tier', tierName(row.card_tier_pref)],
    ['Suggested tier', manual ? 'Manual' : tierName(row.suggested_tier as Tier)],
  ];

  return (
    <Card className="h-full gap-5" role="group" aria-label={`Offer for ${name}`}>
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <CardTitle className="text-lg">{name}</CardTitle>
          {manual ? (
            <Badge variant="destructive">
              <AlertTriangle aria-hidden="true" />
              Manual Review Required
            </Badge>
          ) : null}
        </div>
        <CardDescription className="break-all">{row.email ?? '—'}</CardDescription>
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
        <div className="grid gap-2">
          <Label htmlFor={`${id}-tier`}>Assign Tier</Label>
          <Select value={tier ?? ''} onValueChange={(value) => isTier(value) && setTier(value)}>
            <SelectTrigger
              id={`${id}-tier`}
              aria-invalid={tier ? undefined : true}
              aria-describedby={tier ? undefined : `${id}-tier-error`}
            >
              <SelectValue placeholder="Select a tier" />
            </SelectTrigger>
            <SelectContent>
              {TIERS.map((option) => (
                <SelectItem key={option} value={option}>
                  {TIER_INFO[option].name}
                </SelectItem>
              ))}
            </SelectContent>
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
            disabled={issue.isPending}
          />
        </div>
      </CardContent>
      <CardFooter className="mt-auto">
        <Button onClick={onIssue} disabled={!tier || issue.isPending} className="w-full sm:w-auto">
          {issue.isPending ? 'Issuing...' : 'Issue Offer'}
          <span className="sr-only"> to {name}</span>
        </Button>
      </CardFooter>
    </Card>
  );
}
