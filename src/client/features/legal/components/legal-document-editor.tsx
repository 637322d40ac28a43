import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from '#client/lib/toast.ts';
import { ZLegalUpdateRequest, type LegalDocument } from '#shared/schemas/site.ts';
import { FieldError, describedBy } from '#client/components/form/field-error.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { isApiError } from '#client/lib/api-client.ts';
import { clearStaffToken, getStaffToken } from '#client/lib/staff-token.ts';
import { useUpdateLegalDocument } from '../api/update-legal-document.ts';

type LegalDocumentEditorProps = {
  document: LegalDocument;
  /** Editing ended: saved or cancelled. */
  onDone: () => void;
  /** The staff token is missing or was refused. */
  onUnauthenticated: () => void;
};

const FIELDS = ['title', 'html'] as const;

/** Staff-only (localhost) editor for one legal document: title and HTML. */
export function LegalDocumentEditor({
  document: legalDocument,
  onDone,
  onUnauthenticated,
}: LegalDocumentEditorProps) {
  const update = useUpdateLegalDocument();
  const form = useForm({
    resolver: zodResolver(ZLegalUpdateRequest),
    defaultValues: {
      slug: legalDocument.slug,
      title: legalDocument.title,
      html: legalDocument.html,
    },
  });
  const { errors } = form.formState;
  const idFor = (field: string) => `legal-${legalDocument.slug}-${field}`;

  const onSubmit = form.handleSubmit((data) => {
    const token = getStaffToken();
    if (!token) {
      onUnauthenticated();
      return;
    }
    update.mutate(
      { data, token },
      {
        onSuccess: () => {
          toast.success('Legal document updated successfully');
          onDone();
        },
        onError: (error) => {
          toast.error('Failed to update document', {
            description: isApiError(error) && error.status !== 0 ? error.message : undefined,
          });
          if (!isApiError(error)) return;
          if (error.status === 401) {
            clearStaffToken();
            onUnauthenticated();
            return;
          }
          for (const field of FIELDS) {
            const message = error.details?.[field];
            if (message) form.setError(field, { message }, { shouldFocus: true });
          }
        },
      },
    );
  });

  const busy = update.isPending;

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={`Edit ${legalDocument.title}`}
      className="grid max-w-4xl gap-6 rounded-lg border border-border bg-card p-5 shadow-xs sm:p-8"
    >
      <div className="grid gap-2">
        <Label htmlFor={idFor('title')}>Title</Label>
        <Input
          id={idFor('title')}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={describedBy(errors.title, idFor('title-error'))}
          {...form.register('title')}
        />
        <FieldError id={idFor('title-error')} message={errors.title?.message} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={idFor('html')}>Document HTML</Label>
        <p id={idFor('html-hint')} className="text-sm leading-relaxed text-muted-foreground">
          Use headings (h2, h3), paragraphs, lists, links and tables. The server cleans the HTML
          when you save: scripts, styles, event handlers and anything unsafe are removed.
        </p>
        <Textarea
          id={idFor('html')}
          rows={22}
          spellCheck={false}
          className="min-h-80 font-mono text-[0.8125rem] leading-relaxed md:text-[0.8125rem]"
          aria-invalid={errors.html ? true : undefined}
          aria-describedby={describedBy(errors.html, idFor('html-error'), idFor('html-hint'))}
          {...form.register('html')}
        />
        <FieldError id={idFor('html-error')} message={errors.html?.message} />
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? (
            <>
              <LoaderCircle
                aria-hidden="true"
                className="animate-spin motion-reduce:animate-none"
              />
              Saving...
            </>
          ) : (
            'Save'
          )}
        </Button>
      </div>
    </form>
  );
}
