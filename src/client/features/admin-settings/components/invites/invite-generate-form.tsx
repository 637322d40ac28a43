import { LoaderCircle, Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ZInviteGenerateIssuedRequest } from '#shared/schemas/admin.ts';
import { parseWholeNumber } from '#shared/schemas/fields.ts';
import { FieldError, describedBy } from '#client/components/form/field-error.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#client/components/ui/card.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { isApiError } from '#client/lib/api-client.ts';
import { useGenerateInvites } from '../../api/invites.ts';
import { toastFailure } from '#client/lib/react-query.ts';

/** SPEC §9: batches of 1–100, 10 by default, and a quick 50. */
export const DEFAULT_COUNT = 10;
export const QUICK_COUNT = 50;

type Errors = { count?: string; issued_to?: string };

/**
 * SPEC §2 'Invites' generate batch: how many, optionally for whom (the codes are then e-mailed
 * to that address), checked with the server's own schema before sending.
 */
export function InviteGenerateForm({ onGenerated }: { onGenerated: (codes: string[]) => void }) {
  const ids = { count: useId(), issuedTo: useId(), hint: useId() };
  const errorIds = { count: `${ids.count}-error`, issued_to: `${ids.issuedTo}-error` };
  const [count, setCount] = useState(String(DEFAULT_COUNT));
  const [issuedTo, setIssuedTo] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const generate = useGenerateInvites();

  const submit = (requested: string) => {
    if (generate.isPending) return;
    const parsed = ZInviteGenerateIssuedRequest.safeParse({
      // An empty box is no number at all, not 0; nor is '0x10' sixteen.
      count: parseWholeNumber(requested),
      issued_to: issuedTo,
    });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'count' || field === 'issued_to') && !found[field]) {
          found[field] = issue.message;
        }
      }
      setErrors(found);
      const first = found.count ?? found.issued_to;
      if (first) toast.error(first);
      document.getElementById(found.count ? ids.count : ids.issuedTo)?.focus();
      return;
    }
    setErrors({});
    generate.mutate(parsed.data, {
      onSuccess: ({ codes }) => {
        onGenerated(codes);
        toast.success(`${codes.length} invite code(s) generated`, {
          description: parsed.data.issued_to ? `Sent to ${parsed.data.issued_to}` : undefined,
        });
      },
      onError: (error) => {
        if (isApiError(error) && error.details) {
          setErrors({ count: error.details.count, issued_to: error.details.issued_to });
        }
        toastFailure('Failed to generate codes', 'admin-invite-generate')(error);
      },
    });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(count);
  };

  const busy = generate.isPending;
  const pendingCount = busy ? generate.variables.count : null;
  return (
    <Card>
      <CardHeader>
        <h2 className="font-serif text-xl leading-tight">Generate invite codes</h2>
        <CardDescription id={ids.hint}>
          Between 1 and 100 codes at a time. With an address, the codes are e-mailed to it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          onSubmit={onSubmit}
          aria-label="Generate invite codes"
          className="grid gap-4 md:grid-cols-[9rem_minmax(0,1fr)_auto] md:items-start"
        >
          <div className="grid gap-2">
            <Label htmlFor={ids.count}>Number of codes</Label>
            <Input
              id={ids.count}
              type="number"
              inputMode="numeric"
              min={1}
              max={100}
              step={1}
              value={count}
              onChange={(event) => {
                setCount(event.target.value);
                setErrors((current) => ({ ...current, count: undefined }));
              }}
              disabled={busy}
              aria-invalid={errors.count ? true : undefined}
              aria-describedby={describedBy(errors.count, errorIds.count, ids.hint)}
            />
            <FieldError id={errorIds.count} message={errors.count} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={ids.issuedTo}>Issued to (optional)</Label>
            <Input
              id={ids.issuedTo}
              type="email"
              autoComplete="off"
              spellCheck={false}
              placeholder="name@example.com"
              value={issuedTo}
              onChange={(event) => {
                setIssuedTo(event.target.value);
                setErrors((current) => ({ ...current, issued_to: undefined }));
              }}
              disabled={busy}
              aria-invalid={errors.issued_to ? true : undefined}
              aria-describedby={describedBy(errors.issued_to, errorIds.issued_to, ids.hint)}
            />
            <FieldError id={errorIds.issued_to} message={errors.issued_to} />
          </div>
          <div className="grid gap-2 sm:grid-cols-2 md:mt-[1.375rem] md:flex">
            <Button type="submit" disabled={busy}>
              {busy && pendingCount !== QUICK_COUNT ? (
                <LoaderCircle
                  aria-hidden="true"
                  className="animate-spin motion-reduce:animate-none"
                />
              ) : (
                <Plus aria-hidden="true" />
              )}
              {busy ? 'Generating...' : 'Generate'}
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={busy}
              onClick={() => {
                setCount(String(QUICK_COUNT));
                submit(String(QUICK_COUNT));
              }}
            >
              Generate {QUICK_COUNT}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
