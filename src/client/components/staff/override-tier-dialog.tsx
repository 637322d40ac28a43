import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { ZOverrideTierRequest } from '#shared/schemas/admin.ts';
import type { ApplicantRow } from '#shared/schemas/admin-lists.ts';
import { OVERRIDE_TIERS, TIER_INFO } from '#shared/tiers.ts';
import { Button } from '#client/components/ui/button.tsx';
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
import { DialogFrame } from './dialog-frame.tsx';
import { Form, StaffField, maxLengthOf, useStaffForm } from './form.tsx';

function isOverrideTier(value: string | null): value is OverrideTier {
  return (OVERRIDE_TIERS as readonly string[]).includes(value ?? '');
}

/** What the dialog needs of an applicant: a list row or the case screen's applicant. */
export type OverrideTierApplicant = Pick<
  ApplicantRow,
  'id' | 'full_name' | 'email' | 'tier_assigned'
>;

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
 * for the override required (checked with the server's own schema, ZOverrideTierRequest).
 */
export function OverrideTierDialog({ applicant, ...props }: Props) {
  return applicant ? (
    <OverrideTierForm key={applicant.id} applicant={applicant} {...props} />
  ) : null;
}

function OverrideTierForm({
  applicant,
  open,
  onClose,
  onCloseAutoFocus,
}: Omit<Props, 'applicant'> & { applicant: OverrideTierApplicant }) {
  const id = useId();
  const current = applicant.tier_assigned;
  const form = useStaffForm(ZOverrideTierRequest, {
    basic_id: applicant.id,
    tier: isOverrideTier(current) ? current : undefined,
    reason: '',
  });
  const tier = useWatch({ control: form.control, name: 'tier' });
  const override = useOverrideTier();

  const onSubmit = (values: { basic_id: string; tier: OverrideTier; reason: string }) => {
    if (override.isPending) return;
    override.mutate(values, {
      onSuccess: () => {
        toast.success('Tier updated successfully');
        onClose();
      },
    });
  };

  return (
    <DialogFrame
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      onCloseAutoFocus={onCloseAutoFocus}
      wrap={(content) => (
        <Form form={form} onSubmit={onSubmit} className="grid gap-4">
          {content}
        </Form>
      )}
      title="Override Tier"
      description={applicantName(applicant)}
      footer={
        <>
          <Button type="button" variant="outline" onClick={onClose} disabled={override.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={!tier || override.isPending}>
            {override.isPending ? 'Updating...' : 'Update Tier'}
          </Button>
        </>
      }
    >
      <p className="text-sm">
        {current ? `Current tier: ${TIER_INFO[current].name}` : 'Not assigned'}
      </p>
      <StaffField name="tier" id={`${id}-tier`} label="New tier" className="grid gap-2">
        {(control) => (
          <Select
            value={tier ?? ''}
            onValueChange={(value) => isOverrideTier(value) && form.setValue('tier', value)}
          >
            <SelectTrigger {...control}>
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
        )}
      </StaffField>
      <StaffField
        name="reason"
        id={`${id}-reason`}
        label="Reason for the override"
        className="grid gap-2"
      >
        {(control) => (
          <Textarea
            {...control}
            required
            maxLength={maxLengthOf(ZOverrideTierRequest.shape.reason)}
            {...form.register('reason')}
          />
        )}
      </StaffField>
    </DialogFrame>
  );
}
