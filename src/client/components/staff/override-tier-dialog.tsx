import { useId, useState } from 'react';
import { toast } from 'sonner';
import { OVERRIDE_REASON_MESSAGE } from '#shared/schemas/admin.ts';
import type { ApplicantRow } from '#shared/schemas/admin-lists.ts';
import { OVERRIDE_TIERS, TIER_INFO } from '#shared/tiers.ts';
import { Button } from '#client/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { FieldError, describedBy } from '#client/components/form/field-error.tsx';
import { Label } from '#client/components/ui/label.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#client/components/ui/select.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { useOverrideTier, type OverrideTier } from '#client/lib/staff/api/applicants.ts';
import { applicantName } from '#client/lib/staff/applicant-name.ts';
import { toastFailure } from '#client/lib/react-query.ts';

function isOverrideTier(value: string | null): value is OverrideTier {
  return (OVERRIDE_TIERS as readonly string[]).includes(value ?? '');
}

/** What the dialog needs of an applicant: a list row or the case screen's applicant. */
export type OverrideTierApplicant = Pick<
  ApplicantRow,
  'id' | 'full_name' | 'email' | 'tier_assigned'
>;

/** The reason's bounds, the server's (ZOverrideTierRequest). */
const REASON_MIN = 3;
const REASON_MAX = 500;

type Props = {
  /** The row it is about; kept while the dialog animates closed. */
  applicant: OverrideTierApplicant | null;
  open: boolean;
  onClose: () => void;
  /** Where focus goes when it closes (see useReturnFocus). */
  onCloseAutoFocus?: (event: Event) => void;
};

/**
 * SPEC §2: Override Tier (Standard, Noir, Monarch, Titan only), 'Update Tier', with the reason
 * for the override required.
 */
export function OverrideTierDialog({ applicant, open, onClose, onCloseAutoFocus }: Props) {
  return (
    <Dialog
      open={open && applicant !== null}
      onOpenChange={(next) => (next ? undefined : onClose())}
    >
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        {applicant ? (
          <OverrideTierForm key={applicant.id} applicant={applicant} onClose={onClose} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function OverrideTierForm({
  applicant,
  onClose,
}: {
  applicant: OverrideTierApplicant;
  onClose: () => void;
}) {
  const id = useId();
  const current = applicant.tier_assigned;
  const [tier, setTier] = useState<OverrideTier | undefined>(
    isOverrideTier(current) ? current : undefined,
  );
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const override = useOverrideTier();

  const onSubmit = () => {
    if (!tier || override.isPending) return;
    const trimmed = reason.trim();
    if (trimmed.length < REASON_MIN) {
      setReasonError(OVERRIDE_REASON_MESSAGE);
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    override.mutate(
      { basic_id: applicant.id, tier, reason: trimmed },
      {
        onSuccess: () => {
          toast.success('Tier updated successfully');
          onClose();
        },
        onError: toastFailure('Failed to override tier', 'admin-applicant-override-tier'),
      },
    );
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>Override Tier</DialogTitle>
        <DialogDescription>{applicantName(applicant)}</DialogDescription>
      </DialogHeader>
      <p className="text-sm">
        {current ? `Current tier: ${TIER_INFO[current].name}` : 'Not assigned'}
      </p>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-tier`}>New tier</Label>
        <Select
          value={tier ?? ''}
          onValueChange={(value) => isOverrideTier(value) && setTier(value)}
        >
          <SelectTrigger id={`${id}-tier`}>
            <SelectValue placeholder="Choose a tier" />
          </SelectTrigger>
          <SelectContent>
            {OVERRIDE_TIERS.map((option) => (
              <SelectItem key={option} value={option}>
                {TIER_INFO[option].name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-reason`}>Reason for the override</Label>
        <Textarea
          id={`${id}-reason`}
          value={reason}
          maxLength={REASON_MAX}
          required
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={describedBy(reasonError, `${id}-reason-error`)}
          onChange={(event) => {
            setReason(event.target.value);
            if (reasonError) setReasonError(null);
          }}
        />
        <FieldError id={`${id}-reason-error`} message={reasonError ?? undefined} />
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={override.isPending}>
          Cancel
        </Button>
        <Button onClick={onSubmit} disabled={!tier || override.isPending}>
          {override.isPending ? 'Updating...' : 'Update Tier'}
        </Button>
      </DialogFooter>
    </>
  );
}
