import { FlaskConical } from 'lucide-react';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '#client/lib/toast.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Checkbox } from '#client/components/ui/checkbox.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { useSubmitTestContact, useSubmitTestEoi } from '../api/submit-test-submissions.ts';
import { QA_CHECKLIST, type QaCategory } from '../checklist.ts';

const CATEGORY_LABELS: Record<QaCategory, string> = {
  ui: 'UI',
  forms: 'Forms',
  admin: 'Admin',
  legal: 'Legal',
  performance: 'Performance',
  security: 'Security',
  seo: 'SEO',
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function ChecklistItem({ label }: { label: string }) {
  const id = useId();
  const [checked, setChecked] = useState(false);
  return (
    <li className="flex items-center gap-3">
      <Checkbox id={id} checked={checked} onCheckedChange={(value) => setChecked(value === true)} />
      <Label htmlFor={id} className="cursor-pointer font-normal">
        {label}
      </Label>
    </li>
  );
}

/**
 * SPEC §2: `?qa=1` on any page opens a QA testing overlay; closing it removes the parameter.
 * The checklist is for the tester's eyes only; the two buttons send real, labelled test
 * submissions through the public calls.
 */
export function QaOverlay() {
  const [searchParams, setSearchParams] = useSearchParams();
  const open = searchParams.get('qa') === '1';
  const eoi = useSubmitTestEoi();
  const contact = useSubmitTestContact();

  const close = () =>
    setSearchParams(
      (params) => {
        params.delete('qa');
        return params;
      },
      { replace: true, preventScrollReset: true },
    );

  const sendEoi = () =>
    eoi.mutate(undefined, {
      onSuccess: () => toast.success('Test EOI submitted successfully'),
      onError: (error) => toast.error('Test EOI failed', { description: messageOf(error) }),
    });
  const sendContact = () =>
    contact.mutate(undefined, {
      onSuccess: () => toast.success('Test contact submitted successfully'),
      onError: (error) => toast.error('Test contact failed', { description: messageOf(error) }),
    });

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : close())}>
      <DialogContent closeLabel="Close QA overlay" className="max-w-2xl" data-testid="qa-overlay">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <FlaskConical aria-hidden="true" className="size-5 text-gold" />
            QA testing
          </DialogTitle>
          <DialogDescription>
            Tick checks as you go (nothing is saved) and send labelled test submissions.
          </DialogDescription>
        </DialogHeader>

        <div className="flex flex-col gap-2 sm:flex-row">
          <Button type="button" variant="outline" onClick={sendEoi} disabled={eoi.isPending}>
            {eoi.isPending ? 'Submitting...' : 'Submit test EOI'}
          </Button>
          <Button
            type="button"
            variant="outline"
            onClick={sendContact}
            disabled={contact.isPending}
          >
            {contact.isPending ? 'Submitting...' : 'Submit test contact'}
          </Button>
        </div>

        <div className="grid gap-6 sm:grid-cols-2">
          {(Object.keys(QA_CHECKLIST) as QaCategory[]).map((category) => (
            <section key={category} aria-labelledby={`qa-${category}`}>
              <h3 id={`qa-${category}`} className="font-sans text-sm font-semibold text-gold">
                {CATEGORY_LABELS[category]}
              </h3>
              <ul className="mt-3 flex flex-col gap-2.5 text-sm">
                {QA_CHECKLIST[category].map((item) => (
                  <ChecklistItem key={item} label={item} />
                ))}
              </ul>
            </section>
          ))}
        </div>
      </DialogContent>
    </Dialog>
  );
}
