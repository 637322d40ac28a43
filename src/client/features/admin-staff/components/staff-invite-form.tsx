import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { ZStaffInviteRequest } from '#shared/schemas/staff.ts';
import { STAFF_ROLE_LABELS, STAFF_ROLES } from '#shared/staff.ts';
import { FieldError, describedBy } from '#client/components/form/field-error.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#client/components/ui/card.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#client/components/ui/select.tsx';
import { showServerErrors } from '#client/components/staff/form.tsx';
import { useInviteStaff } from '../api/invite-staff.ts';
import { BusyLabel } from '#client/components/ui/busy-label.tsx';
import { ROLE_SUMMARIES } from './staff-format.ts';
import { toastFailure } from '#client/lib/react-query.ts';

const FIELDS = ['name', 'email', 'role'] as const;
const fieldId = (name: (typeof FIELDS)[number]) => `staff-invite-${name}`;
const errorId = (name: (typeof FIELDS)[number]) => `staff-invite-${name}-error`;
const ROLE_HINT_ID = 'staff-invite-role-hint';

/**
 * Invite a member (`admin-staff-invite`): they get a single-use link, valid 48 hours, to set
 * a passphrase and an authenticator. Checked with the server's own schema before sending.
 */
export function StaffInviteForm() {
  const invite = useInviteStaff();
  const form = useForm({
    resolver: zodResolver(ZStaffInviteRequest),
    // No role chosen for you: what a new member may do is a decision, not a default.
    defaultValues: { name: '', email: '', role: undefined },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors } = form.formState;
  const role = useWatch({ control: form.control, name: 'role' });

  const onSubmit = form.handleSubmit((data) => {
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
        toastFailure('Failed to send invitation', 'admin-staff-invite')(error);
      },
    });
  });

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
        <form
          noValidate
          onSubmit={onSubmit}
          aria-label="Invite member"
          className="grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_12rem_auto] md:items-start"
        >
          <div className="grid gap-2">
            <Label htmlFor={fieldId('name')}>Name</Label>
            <Input
              id={fieldId('name')}
              autoComplete="off"
              disabled={busy}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={describedBy(errors.name, errorId('name'))}
              {...form.register('name')}
            />
            <FieldError id={errorId('name')} message={errors.name?.message} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={fieldId('email')}>E-mail</Label>
            <Input
              id={fieldId('email')}
              type="email"
              autoComplete="off"
              spellCheck={false}
              disabled={busy}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={describedBy(errors.email, errorId('email'))}
              {...form.register('email')}
            />
            <FieldError id={errorId('email')} message={errors.email?.message} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={fieldId('role')}>Role</Label>
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
                  <SelectTrigger
                    id={fieldId('role')}
                    ref={field.ref}
                    onBlur={field.onBlur}
                    aria-invalid={errors.role ? true : undefined}
                    aria-describedby={describedBy(errors.role, errorId('role'), ROLE_HINT_ID)}
                  >
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
            <FieldError id={errorId('role')} message={errors.role?.message} />
          </div>
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
        </form>
      </CardContent>
    </Card>
  );
}
