import { UserPlus } from 'lucide-react';
import { Controller, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { ZStaffInviteRequest, type TStaffInviteRequest } from '#shared/schemas/staff.ts';
import { STAFF_ROLE_LABELS, STAFF_ROLES } from '#shared/staff.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#client/components/ui/card.tsx';
import { Input } from '#client/components/ui/input.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#client/components/ui/select.tsx';
import {
  Form,
  StaffField,
  maxLengthOf,
  showServerErrors,
  useStaffForm,
} from '#client/components/staff/form.tsx';
import { useInviteStaff } from '../api/invite-staff.ts';
import { BusyLabel } from '#client/components/ui/busy-label.tsx';
import { ROLE_SUMMARIES } from './staff-format.ts';

const FIELDS = ['name', 'email', 'role'] as const;
const fieldId = (name: (typeof FIELDS)[number]) => `staff-invite-${name}`;
const ROLE_HINT_ID = 'staff-invite-role-hint';

/**
 * Invite a member (`admin-staff-invite`): they get a single-use link, valid 48 hours, to set
 * a passphrase and an authenticator. Checked with the server's own schema before sending.
 */
export function StaffInviteForm() {
  const invite = useInviteStaff();
  // No role chosen for you: what a new member may do is a decision, not a default.
  const form = useStaffForm(ZStaffInviteRequest, { name: '', email: '', role: undefined });
  const role = useWatch({ control: form.control, name: 'role' });

  const onSubmit = (data: TStaffInviteRequest) => {
    invite.mutate(data, {
      onSuccess: () => {
        toast.success('Invitation sent', {
          description: `${data.name} can join with the link sent to ${data.email} within 48 hours.`,
        });
        form.reset();
        document.getElementById(fieldId('name'))?.focus();
      },
      onError: (error) => {
        showServerErrors(form, error, FIELDS);
      },
    });
  };

  const busy = invite.isPending;
  return (
    <Card>
      <CardHeader>
        <h2 className="font-serif text-xl leading-tight">Invite member</h2>
        <CardDescription>
          They receive an e-mail with a link, valid for 48 hours, to choose a passphrase and set up
          an authenticator app.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          form={form}
          onSubmit={onSubmit}
          aria-label="Invite member"
          className="grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_12rem_auto] md:items-start"
        >
          <StaffField name="name" id={fieldId('name')} label="Name" className="grid gap-2">
            {(control) => (
              <Input
                {...control}
                autoComplete="off"
                disabled={busy}
                maxLength={maxLengthOf(ZStaffInviteRequest.shape.name)}
                {...form.register('name')}
              />
            )}
          </StaffField>
          <StaffField name="email" id={fieldId('email')} label="E-mail" className="grid gap-2">
            {(control) => (
              <Input
                {...control}
                type="email"
                autoComplete="off"
                spellCheck={false}
                disabled={busy}
                maxLength={maxLengthOf(ZStaffInviteRequest.shape.email)}
                {...form.register('email')}
              />
            )}
          </StaffField>
          <StaffField
            name="role"
            id={fieldId('role')}
            label="Role"
            className="grid gap-2"
            describedByIds={[ROLE_HINT_ID]}
          >
            {(control) => (
              <Controller
                control={form.control}
                name="role"
                render={({ field }) => (
                  <Select
                    value={field.value ?? ''}
                    onValueChange={field.onChange}
                    disabled={busy}
                    name={field.name}
                  >
                    <SelectTrigger {...control} ref={field.ref} onBlur={field.onBlur}>
                      <SelectValue placeholder="Choose a role" />
                    </SelectTrigger>
                    <SelectContent>
                      {STAFF_ROLES.map((value) => (
                        <SelectItem key={value} value={value}>
                          {STAFF_ROLE_LABELS[value]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            )}
          </StaffField>
          <div className="md:mt-[1.375rem]">
            <Button type="submit" disabled={busy} className="w-full md:w-auto">
              <BusyLabel
                busy={busy}
                idle={
                  <>
                    <UserPlus aria-hidden="true" />
                    Invite member
                  </>
                }
                working="Sending..."
              />
            </Button>
          </div>
          <p
            id={ROLE_HINT_ID}
            className="text-sm text-muted-foreground md:col-span-4"
            aria-live="polite"
          >
            {role
              ? `${STAFF_ROLE_LABELS[role]}: ${ROLE_SUMMARIES[role]}`
              : 'Each role sees only the tabs it needs.'}
          </p>
        </Form>
      </CardContent>
    </Card>
  );
}
