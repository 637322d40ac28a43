import { LoaderCircle, Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ZEmailTestRequest } from '#shared/schemas/admin-lists.ts';
import { FieldError, describedBy } from '#client/components/form/field-error.tsx';
import { Badge } from '#client/components/ui/badge.tsx';
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
import { isApiError } from '#client/lib/api-client.ts';
import { useSendTestEmail } from '../../api/email-test.ts';
import { toastFailure } from '#client/lib/react-query.ts';

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

type Errors = { name?: string; email?: string };

/**
 * The dev-only e-mail test (SPEC §2 'A11y', §7 'Test tool'): a test EOI or contact notification
 * through the outbox, so its wording and delivery can be checked. Shown on local and preview
 * hosts only (see dev-host.ts).
 */
export function EmailTestPanel() {
  const ids = { kind: useId(), name: useId(), email: useId(), hint: useId() };
  const errorIds = { name: `${ids.name}-error`, email: `${ids.email}-error` };
  const [kind, setKind] = useState<Kind>('eoi');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const send = useSendTestEmail();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const parsed = ZEmailTestRequest.safeParse({ kind, name, email });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'name' || field === 'email') && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      document.getElementById(found.name ? ids.name : ids.email)?.focus();
      return;
    }
    setErrors({});
    const copy = TOASTS[parsed.data.kind];
    send.mutate(parsed.data, {
      onSuccess: ({ to }) => toast.success(copy.ok, { description: `Sent to ${to}` }),
      onError: (error) => {
        if (isApiError(error) && error.details) {
          setErrors({ name: error.details.name, email: error.details.email });
        }
        toastFailure(copy.failed, 'admin-email-test')(error);
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
        <form
          noValidate
          onSubmit={onSubmit}
          aria-label="Email test"
          className="grid gap-4 md:grid-cols-[10rem_minmax(0,1fr)_minmax(0,1fr)_auto] md:items-start"
        >
          <div className="grid gap-2">
            <Label htmlFor={ids.kind}>Kind</Label>
            <Select
              value={kind}
              onValueChange={(value) => setKind(value === 'contact' ? 'contact' : 'eoi')}
              disabled={busy}
            >
              <SelectTrigger id={ids.kind}>
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
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.name}>Name</Label>
            <Input
              id={ids.name}
              autoComplete="off"
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                setErrors((current) => ({ ...current, name: undefined }));
              }}
              disabled={busy}
              aria-required="true"
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={describedBy(errors.name, errorIds.name)}
            />
            <FieldError id={errorIds.name} message={errors.name} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.email}>Email</Label>
            <Input
              id={ids.email}
              type="email"
              autoComplete="off"
              spellCheck={false}
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setErrors((current) => ({ ...current, email: undefined }));
              }}
              disabled={busy}
              aria-required="true"
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={describedBy(errors.email, errorIds.email)}
            />
            <FieldError id={errorIds.email} message={errors.email} />
          </div>
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
        </form>
      </CardContent>
    </Card>
  );
}
