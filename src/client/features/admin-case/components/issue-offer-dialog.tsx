import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { ZOfferIssueRequest } from '#shared/schemas/admin.ts';
import { TIER_INFO, TIERS, isTier, type Tier } from '#shared/tiers.ts';
import { Button } from '#client/components/ui/button.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#client/components/ui/select.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { DialogFrame, useOpening } from '#client/components/staff/dialog-frame.tsx';
import { Form, StaffField, maxLengthOf, useStaffForm } from '#client/components/staff/form.tsx';
import { useIssueOffer } from '#client/lib/staff/api/offers.ts';

type Props = {
  basicId: string;
  name: string;
  /** The tier the dialog starts on: the one assigned, else the one the applicant preferred. */
  initialTier: Tier | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** `admin-offer-issue` from the case screen: a tier and an optional pricing note. */
export function IssueOfferDialog(props: Props) {
  // Each opening starts afresh, on the tier of the moment.
  return <IssueOfferForm key={useOpening(props.open)} {...props} />;
}

function IssueOfferForm({ basicId, name, initialTier, open, onOpenChange }: Props) {
  const id = useId();
  const form = useStaffForm(ZOfferIssueRequest, {
    basic_id: basicId,
    tier: initialTier ?? undefined,
    pricing_note: '',
  });
  const tier = useWatch({ control: form.control, name: 'tier' });
  const issue = useIssueOffer();
  const onClose = () => onOpenChange(false);

  const onIssue = (values: { basic_id: string; tier: Tier; pricing_note: string | null }) => {
    if (issue.isPending) return;
    issue.mutate(values, {
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
    });
  };

  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      wrap={(content) => (
        <Form form={form} onSubmit={onIssue} className="grid gap-4">
          {content}
        </Form>
      )}
      title="Issue offer"
      description={name}
      footer={
        <>
          <Button type="button" variant="outline" onClick={onClose} disabled={issue.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={!tier || issue.isPending}>
            {issue.isPending ? 'Issuing...' : 'Issue Offer'}
          </Button>
        </>
      }
    >
      <StaffField name="tier" id={`${id}-tier`} label="Assign Tier" className="grid gap-2">
        {(control) => (
          <Select
            value={tier ?? ''}
            onValueChange={(value) => isTier(value) && form.setValue('tier', value)}
          >
            <SelectTrigger {...control}>
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
        )}
      </StaffField>
      <StaffField
        name="pricing_note"
        id={`${id}-note`}
        label="Pricing Note (optional)"
        className="grid gap-2"
      >
        {(control) => (
          <Textarea
            {...control}
            maxLength={maxLengthOf(ZOfferIssueRequest.shape.pricing_note)}
            className="min-h-20"
            {...form.register('pricing_note')}
          />
        )}
      </StaffField>
    </DialogFrame>
  );
}
