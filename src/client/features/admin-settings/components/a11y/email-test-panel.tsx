import { LoaderCircle, Send } from 'lucide-react';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { ZEmailTestRequest, type TEmailTestRequest } from '#shared/schemas/admin-lists.ts';
import { Badge } from '#client/components/ui/badge.tsx';
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
import { useSendTestEmail } from '../../api/email-test.ts';

type Kind = 'eoi' | 'contact';

/** SPEC §8 'Consent, founder, QA': the test tool's toasts. */
const TOASTS: Record<Kind, { ok: string; failed: string; label: string }> = {
  eoi: {
    ok: 'Test EOI submitted successfully',
    failed: 'Test EOI failed',
    label: 'EOI',
  },
  contact: {
    ok: 'Test contact submitted successfully',
    failed: 'Test contact failed',
    label: 'Contact',
  },
};

/**
 * The dev-only e-mail test (SPEC §2 'A11y', §7 'Test tool'): a test EOI or contact notification
 * through the outbox, so its wording and delivery can be checked. Shown on local and preview
 * hosts only (see dev-host.ts).
 */
export function EmailTestPanel() {
  const ids = { kind: useId(), name: useId(), email: useId(), hint: useId() };
  const form = useStaffForm(ZEmailTestRequest, { kind: 'eoi', name: '', email: '' });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const send = useSendTestEmail((input) => TOASTS[input.kind].failed);

  const onSubmit = (data: TEmailTestRequest) => {
    if (send.isPending) return;
    const copy = TOASTS[data.kind];
    send.mutate(data, {
      onSuccess: ({ to }) => toast.success(copy.ok, { description: `Sent to ${to}` }),
      onError: (error) => {
        showServerErrors(form, error, ['name', 'email']);
      },
    });
  };

  const busy = send.isPending;
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-serif text-xl leading-tight">Email test</h2>
          <Badge variant="outline">Development only</Badge>
        </div>
        <CardDescription id={ids.hint}>
          Sends a test EOI or contact notification to the staff address through the outbox; no EOI
          or contact record is kept.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          form={form}
          onSubmit={onSubmit}
          aria-label="Email test"
          className="grid gap-4 md:grid-cols-[10rem_minmax(0,1fr)_minmax(0,1fr)_auto] md:items-start"
        >
          <StaffField name="kind" id={ids.kind} label="Kind" className="grid gap-2">
            {(control) => (
              <Select
                value={kind}
                onValueChange={(value) =>
                  form.setValue('kind', value === 'contact' ? 'contact' : 'eoi')
                }
                disabled={busy}
              >
                <SelectTrigger {...control}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {(Object.keys(TOASTS) as Kind[]).map((value) => (
                    <SelectItem key={value} value={value}>
                      {TOASTS[value].label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </StaffField>
          <StaffField name="name" id={ids.name} label="Name" className="grid gap-2">
            {(control) => (
              <Input
                {...control}
                autoComplete="off"
                disabled={busy}
                aria-required="true"
                maxLength={maxLengthOf(ZEmailTestRequest.shape.name)}
                {...form.register('name')}
              />
            )}
          </StaffField>
          <StaffField name="email" id={ids.email} label="Email" className="grid gap-2">
            {(control) => (
              <Input
                {...control}
                type="email"
                autoComplete="off"
                spellCheck={false}
                disabled={busy}
                aria-required="true"
                maxLength={maxLengthOf(ZEmailTestRequest.shape.email)}
                {...form.register('email')}
              />
            )}
          </StaffField>
          <Button type="submit" disabled={busy} className="w-full md:mt-[1.375rem] md:w-auto">
            {busy ? (
              <LoaderCircle
                aria-hidden="true"
                className="animate-spin motion-reduce:animate-none"
              />
            ) : (
              <Send aria-hidden="true" />
            )}
            {busy ? 'Sending...' : 'Send test email'}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
