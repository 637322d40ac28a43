import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { NOTE_MAX, ZCaseNoteAddRequest, type CaseNote } from '#shared/schemas/case.ts';
import { z } from '#shared/schemas/zod.ts';
import {
  Form,
  StaffField,
  showServerErrors,
  useStaffForm,
} from '#client/components/staff/form.tsx';
import { BusyLabel } from '#client/components/ui/busy-label.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { useAddCaseNote } from '#client/lib/staff/api/case.ts';
import { formatStaffDateTime } from '#client/lib/staff/format-date.ts';
import { Block } from './case-sections.tsx';

const NoteForm = z.object({ text: ZCaseNoteAddRequest.shape.text });

/**
 * Case notes (CONTRACT §9): what the team knows that the record does not say ("called the
 * applicant, awaiting proof of address"). Any member who works cases adds one; notes are never
 * edited, and read newest first with who wrote them and when.
 */
export function CaseNotesBlock({ basicId, notes }: { basicId: string; notes: CaseNote[] }) {
  const id = useId();
  const add = useAddCaseNote(basicId);
  const form = useStaffForm(NoteForm, { text: '' });
  const length = useWatch({ control: form.control, name: 'text' })?.length ?? 0;
  return (
    <Block title="Notes">
      <div className="grid gap-4">
        <Form
          form={form}
          aria-label="Add a note"
          className="grid gap-3"
          onSubmit={(values) =>
            add.mutate(values.text, {
              onSuccess: () => form.reset({ text: '' }),
              onError: (error) => showServerErrors(form, error),
            })
          }
        >
          <StaffField
            name="text"
            id={`${id}-note`}
            label="New note"
            className="grid gap-2"
            hint={`Staff only, never shown to the applicant. Notes cannot be edited (${length}/${NOTE_MAX}).`}
          >
            {(field) => (
              <Textarea
                {...field}
                maxLength={NOTE_MAX}
                disabled={add.isPending}
                className="min-h-20"
                {...form.register('text')}
              />
            )}
          </StaffField>
          <div>
            <Button type="submit" size="sm" disabled={add.isPending}>
              <BusyLabel busy={add.isPending} idle="Add note" working="Adding..." />
            </Button>
          </div>
        </Form>
        {notes.length === 0 ? (
          <p className="text-sm text-muted-foreground">No notes yet.</p>
        ) : (
          <ol className="grid gap-3" aria-label="Case notes, newest first">
            {notes.map((note) => (
              <li key={note.id} className="grid gap-1 rounded-md border border-border p-3">
                <p className="text-sm whitespace-pre-wrap wrap-anywhere">{note.text}</p>
                <p className="text-xs text-muted-foreground">
                  {note.author ?? 'A former member'} ·{' '}
                  <time dateTime={note.created_at}>{formatStaffDateTime(note.created_at)}</time>
                </p>
              </li>
            ))}
          </ol>
        )}
      </div>
    </Block>
  );
}
