import { LoaderCircle, Plus } from 'lucide-react';
import { useId } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { toast } from 'sonner';
import { ZInviteGenerateIssuedRequest } from '#shared/schemas/admin.ts';
import { z } from '#shared/schemas/zod.ts';
import { parseWholeNumber } from '#shared/schemas/fields.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#client/components/ui/card.tsx';
import { Input } from '#client/components/ui/input.tsx';
import {
  Form,
  StaffField,
  maxLengthOf,
  showServerErrors,
  useStaffForm,
} from '#client/components/staff/form.tsx';
import { useGenerateInvites } from '../../api/invites.ts';

/** SPEC §9: batches of 1–100, 10 by default, and a quick 50. */
export const DEFAULT_COUNT = 10;
export const QUICK_COUNT = 50;

/** The server's schema, the count as typed (an empty box is no number at all, not 0). */
const ZInviteGenerateForm = ZInviteGenerateIssuedRequest.extend({
  count: z.string().transform(parseWholeNumber).pipe(ZInviteGenerateIssuedRequest.shape.count),
});

/**
 * SPEC §2 'Invites' generate batch: how many, optionally for whom (the codes are then e-mailed
 * to that address), checked with the server's own schema before sending.
 */
export function InviteGenerateForm({ onGenerated }: { onGenerated: (codes: string[]) => void }) {
  const ids = { count: useId(), issuedTo: useId(), hint: useId() };
  const form = useStaffForm(ZInviteGenerateForm, {
    count: String(DEFAULT_COUNT),
    issued_to: '',
  });
  const generate = useGenerateInvites();

  const submit = (data: z.output<typeof ZInviteGenerateForm>) => {
    if (generate.isPending) return;
    generate.mutate(data, {
      onSuccess: ({ codes }) => {
        onGenerated(codes);
        toast.success(`${codes.length} invite code(s) generated`, {
          description: data.issued_to ? `Sent to ${data.issued_to}` : undefined,
        });
      },
      onError: (error) => {
        showServerErrors(form, error, ['count', 'issued_to']);
      },
    });
  };
  const refused = (errors: FieldErrors<z.input<typeof ZInviteGenerateForm>>) => {
    const first = errors.count?.message ?? errors.issued_to?.message;
    if (first) toast.error(first);
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
        <Form
          form={form}
          onSubmit={submit}
          onInvalid={refused}
          aria-label="Generate invite codes"
          className="grid gap-4 md:grid-cols-[9rem_minmax(0,1fr)_auto] md:items-start"
        >
          <StaffField
            name="count"
            id={ids.count}
            label="Number of codes"
            className="grid gap-2"
            describedByIds={[ids.hint]}
          >
            {(control) => (
              <Input
                {...control}
                type="number"
                inputMode="numeric"
                min={1}
                max={100}
                step={1}
                disabled={busy}
                {...form.register('count')}
              />
            )}
          </StaffField>
          <StaffField
            name="issued_to"
            id={ids.issuedTo}
            label="Issued to (optional)"
            className="grid gap-2"
            describedByIds={[ids.hint]}
          >
            {(control) => (
              <Input
                {...control}
                type="email"
                autoComplete="off"
                spellCheck={false}
                placeholder="name@example.com"
                maxLength={maxLengthOf(ZInviteGenerateIssuedRequest.shape.issued_to)}
                disabled={busy}
                {...form.register('issued_to')}
              />
            )}
          </StaffField>
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
                form.setValue('count', String(QUICK_COUNT));
                void form.handleSubmit(submit, refused)();
              }}
            >
              Generate {QUICK_COUNT}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
