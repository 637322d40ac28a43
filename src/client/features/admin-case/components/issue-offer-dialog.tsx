import { useId, useState } from 'react';
import { toast } from 'sonner';
import { TIER_INFO, TIERS, isTier, type Tier } from '#shared/tiers.ts';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { Label } from '#client/components/ui/label.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#client/components/ui/select.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { useIssueOffer } from '#client/lib/staff/api/offers.ts';
import { toastFailure } from '#client/lib/react-query.ts';

type Props = {
  basicId: string;
  name: string;
  /** The tier the dialog starts on: the one assigned, else the one the applicant preferred. */
  initialTier: Tier | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** `admin-offer-issue` from the case screen: a tier and an optional pricing note. */
export function IssueOfferDialog({ basicId, name, initialTier, open, onOpenChange }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {open ? (
          <IssueOfferForm
            basicId={basicId}
            name={name}
            initialTier={initialTier}
            onClose={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function IssueOfferForm({
  basicId,
  name,
  initialTier,
  onClose,
}: Omit<Props, 'open' | 'onOpenChange'> & { onClose: () => void }) {
  const id = useId();
  const [tier, setTier] = useState<Tier | null>(initialTier);
  const [note, setNote] = useState('');
  const issue = useIssueOffer();

  const onIssue = () => {
    if (!tier || issue.isPending) return;
    issue.mutate(
      { basic_id: basicId, tier, pricing_note: note.trim() || null },
      {
        onSuccess: (response) => {
          if (response.status === 'pending_approval') {
            toast.success('Offer sent for approval', {
              description: "A politically exposed person's offer needs an owner's approval.",
            });
          } else {
            toast.success('Offer issued successfully');
          }
          onClose();
        },
        onError: toastFailure('Failed to issue offer', 'admin-offer-issue'),
      },
    );
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>Issue offer</DialogTitle>
        <DialogDescription>{name}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-tier`}>Assign Tier</Label>
        <Select value={tier ?? ''} onValueChange={(value) => isTier(value) && setTier(value)}>
          <SelectTrigger id={`${id}-tier`}>
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
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-note`}>Pricing Note (optional)</Label>
        <Textarea
          id={`${id}-note`}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          maxLength={500}
          className="min-h-20"
        />
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={issue.isPending}>
          Cancel
        </Button>
        <Button onClick={onIssue} disabled={!tier || issue.isPending}>
          {issue.isPending ? 'Issuing...' : 'Issue Offer'}
        </Button>
      </DialogFooter>
    </>
  );
}
