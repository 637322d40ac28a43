import { useId, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { ZActivationRequest, digitsOnly, type ActivationListRow } from '#shared/schemas/admin.ts';
import { TIER_INFO } from '#shared/tiers.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#client/components/ui/card.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Switch } from '#client/components/ui/switch.tsx';
import { useActivate } from '../../api/activations.ts';
import { formatStaffDate } from '#client/lib/staff/format-date.ts';
import { Form, StaffField, maxLengthOf, useStaffForm } from '#client/components/staff/form.tsx';
import {
  OVERDUE_EDGE,
  QueueCaseMeta,
  type Queued,
} from '#client/components/staff/queue-controls.tsx';
import { isBreached } from '#shared/service-levels.ts';
import { cn } from '#client/utils/cn.ts';
import { failureShown } from '#client/lib/react-query.ts';

type Activation = {
  basic_id: string;
  card_shipment_tracking: string | null;
  card_last4: string | null;
  mobile_access_enabled: boolean;
};

/** SPEC §2 'Activations': one accepted applicant and the form that opens the account. */
export function ActivationCard({
  row,
  select,
}: {
  row: Queued<ActivationListRow>;
  /** The bulk-assignment box, beside the name. */
  select?: ReactNode;
}) {
  const id = useId();
  // Checked on submit first, then as the fields change (as every form of the site does).
  const form = useStaffForm(ZActivationRequest, {
    basic_id: row.basic_id,
    card_shipment_tracking: '',
    card_last4: '',
    mobile_access_enabled: true,
  });
  const [last4, mobile] = useWatch({
    control: form.control,
    name: ['card_last4', 'mobile_access_enabled'],
  });
  const activate = useActivate();
  const tier = row.tier_accepted ?? row.tier_assigned;
  const name = row.full_name ?? 'Unknown Applicant';
  const error = form.formState.errors.card_last4?.message;

  const onSubmit = (values: Activation) => {
    if (activate.isPending) return;
    // mutateAsync: the card leaves the list on success (and on a 409), and the toast must
    // still show after it has unmounted.
    activate
      .mutateAsync(values)
      .then(() => toast.success('Account activated successfully!'), failureShown);
  };

  return (
    <Card
      className={cn('h-full gap-5', isBreached(row.due_at) && OVERDUE_EDGE)}
      role="group"
      aria-label={`Activation for ${name}`}
    >
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="flex min-w-0 items-start gap-3">
            {select}
            <CardTitle className="min-w-0 text-lg break-words">{name}</CardTitle>
          </div>
          <Badge variant="gold">{tier ? TIER_INFO[tier].name : 'No tier'}</Badge>
        </div>
        <CardDescription className="break-all">{row.email ?? '—'}</CardDescription>
        {row.accepted_at ? (
          <p className="text-sm text-muted-foreground">
            Offer accepted on {formatStaffDate(row.accepted_at)}
          </p>
        ) : null}
        <QueueCaseMeta
          waitingSince={row.waiting_since}
          dueAt={row.due_at}
          assignee={row.assignee}
          basicId={row.basic_id}
          name={name}
        />
      </CardHeader>
      <CardContent>
        <Form form={form} onSubmit={onSubmit}>
          <StaffField
            name="card_shipment_tracking"
            id={`${id}-tracking`}
            label="Card Shipment Tracking (optional)"
            className="grid gap-2"
          >
            {(control) => (
              <Input
                {...control}
                maxLength={maxLengthOf(ZActivationRequest.shape.card_shipment_tracking)}
                autoComplete="off"
                disabled={activate.isPending}
                {...form.register('card_shipment_tracking')}
              />
            )}
          </StaffField>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-last4`}>Card Last 4 Digits (optional)</Label>
            <Input
              id={`${id}-last4`}
              {...form.register('card_last4')}
              value={last4 ?? ''}
              onChange={(event) =>
                form.setValue('card_last4', digitsOnly(event.target.value).slice(0, 4), {
                  shouldValidate: form.formState.isSubmitted,
                })
              }
              inputMode="numeric"
              maxLength={4}
              autoComplete="off"
              className="max-w-32 font-mono tracking-widest"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-last4-error` : undefined}
              disabled={activate.isPending}
            />
            {error ? (
              <p id={`${id}-last4-error`} role="alert" className="text-sm text-destructive-text">
                {error}
              </p>
            ) : null}
          </div>
          <div className="flex items-center justify-between gap-4 rounded-md border border-border p-3">
            <div className="grid gap-0.5">
              <Label htmlFor={`${id}-mobile`}>Enable Mobile Access</Label>
              <p id={`${id}-mobile-hint`} className="text-sm text-muted-foreground">
                Allow user to access mobile banking
              </p>
            </div>
            <Switch
              id={`${id}-mobile`}
              checked={mobile}
              onCheckedChange={(checked) => form.setValue('mobile_access_enabled', checked)}
              aria-describedby={`${id}-mobile-hint`}
              disabled={activate.isPending}
            />
          </div>
          <Button
            type="submit"
            disabled={activate.isPending}
            className="w-full sm:w-auto sm:justify-self-start"
          >
            {activate.isPending ? 'Activating...' : 'Activate Account'}
            <span className="sr-only"> for {name}</span>
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
