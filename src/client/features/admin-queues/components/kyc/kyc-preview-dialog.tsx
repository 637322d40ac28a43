import { Download, FileWarning, Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { KycListFile } from '#shared/schemas/admin.ts';
import { KYC_DEFAULT_REJECTION_REASON } from '#shared/schemas/journey.ts';
import { Alert, AlertDescription } from '#client/components/ui/alert.tsx';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import { DialogFrame } from '#client/components/staff/dialog-frame.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { useKycAction, type KycAction } from '#client/lib/staff/api/kyc.ts';
import {
  applicantNameOf,
  downloadName,
  KYC_TYPE_LABELS,
  previewKind,
} from '#client/components/staff/kyc/kyc-format.ts';
import { KycStatusBadge } from '#client/components/staff/kyc/kyc-status-badge.tsx';
import { useKycFileUrl } from '#client/components/staff/kyc/use-kyc-file-url.ts';
import { formatStaffDateTime } from '#client/lib/staff/format-date.ts';

type Props = {
  /** The file it shows; kept while the dialog animates closed. */
  file: KycListFile | null;
  open: boolean;
  onClose: () => void;
  /** Where focus goes when it closes (the Preview button that opened it). */
  onCloseAutoFocus?: (event: Event) => void;
};

/** SPEC §2 'KYC review': the file, who uploaded it and when, notes, Cancel / Reject / Approve. */
export function KycPreviewDialog({ file, ...props }: Props) {
  return file ? <PreviewContent key={file.id} file={file} {...props} /> : null;
}

const SUCCESS: Record<KycAction, string> = {
  approve: 'KYC approved successfully',
  reject: 'KYC rejected successfully',
};

function PreviewContent({
  file,
  open,
  onClose,
  onCloseAutoFocus,
}: Omit<Props, 'file'> & { file: KycListFile }) {
  const id = useId();
  const [notes, setNotes] = useState('');
  const [reason, setReason] = useState('');
  const action = useKycAction();
  const busy = action.isPending;
  const pending = file.status === 'pending';
  const name = applicantNameOf(file);

  const review = (kind: KycAction) => {
    if (busy) return;
    action.mutate(
      {
        file_id: file.id,
        action: kind,
        notes: notes.trim() || null,
        reason: kind === 'reject' ? reason.trim() || null : null,
      },
      {
        onSuccess: () => {
          toast.success(SUCCESS[kind]);
          onClose();
        },
      },
    );
  };

  return (
    <DialogFrame
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      onCloseAutoFocus={onCloseAutoFocus}
      className="max-w-2xl"
      title={KYC_TYPE_LABELS[file.type]}
      description={`Uploaded by ${name} on ${formatStaffDateTime(file.uploaded_at)}`}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            {pending ? 'Cancel' : 'Close'}
          </Button>
          {pending ? (
            <>
              <Button variant="destructive" onClick={() => review('reject')} disabled={busy}>
                {busy && action.variables?.action === 'reject' ? 'Processing...' : 'Reject'}
              </Button>
              <Button onClick={() => review('approve')} disabled={busy}>
                {busy && action.variables?.action === 'approve' ? 'Processing...' : 'Approve'}
              </Button>
            </>
          ) : null}
        </>
      }
    >
      <div className="flex items-center gap-2 text-sm">
        <span className="text-muted-foreground">Status:</span>
        <KycStatusBadge status={file.status} />
      </div>
      <FilePreview file={file} name={name} />
      {!pending && file.rejection_reason ? (
        <p className="text-sm">
          <span className="text-muted-foreground">Reason given to the applicant: </span>
          {file.rejection_reason}
        </p>
      ) : null}
      {pending ? (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-notes`}>Notes</Label>
          <Textarea
            id={`${id}-notes`}
            placeholder="Add notes about this submission..."
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
            maxLength={2000}
            aria-describedby={`${id}-notes-hint`}
            disabled={busy}
          />
          <p id={`${id}-notes-hint`} className="text-xs text-muted-foreground">
            Internal: the applicant never sees these.
          </p>
        </div>
      ) : file.notes ? (
        <p className="text-sm">
          <span className="text-muted-foreground">Notes: </span>
          {file.notes}
        </p>
      ) : null}
      {pending ? (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-reason`}>Reason for the applicant (if rejected)</Label>
          <Input
            id={`${id}-reason`}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={500}
            placeholder={KYC_DEFAULT_REJECTION_REASON}
            aria-describedby={`${id}-reason-hint`}
            disabled={busy}
          />
          <p id={`${id}-reason-hint`} className="text-xs text-muted-foreground">
            Shown to the applicant when you reject. Left blank, they read “
            {KYC_DEFAULT_REJECTION_REASON}”
          </p>
        </div>
      ) : null}
    </DialogFrame>
  );
}

function FilePreview({ file, name }: { file: KycListFile; name: string }) {
  const blob = useKycFileUrl(file.id);
  const kind = previewKind(file.content_type);
  const label = `${KYC_TYPE_LABELS[file.type]} of ${name}`;

  if (blob.status === 'loading') {
    return (
      <div
        role="status"
        className="flex h-48 items-center justify-center gap-2 rounded-md border border-border text-sm text-muted-foreground"
      >
        <Loader2 aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
        Loading file...
      </div>
    );
  }
  if (blob.status === 'error') {
    return (
      <Alert variant="destructive">
        <FileWarning aria-hidden="true" />
        <AlertDescription>The file could not be loaded. Close and try again.</AlertDescription>
      </Alert>
    );
  }
  const download = (
    <a
      href={blob.url}
      download={downloadName(file)}
      className={buttonVariants({ variant: 'outline', size: 'sm' })}
    >
      <Download aria-hidden="true" />
      Download<span className="sr-only"> {label}</span>
    </a>
  );
  if (kind === 'image') {
    return (
      <div className="grid gap-2">
        <div className="flex justify-center rounded-md border border-border bg-muted/40 p-2">
          <img
            src={blob.url}
            alt={label}
            className="max-h-[500px] w-auto max-w-full object-contain"
          />
        </div>
        <div className="flex justify-end">{download}</div>
      </div>
    );
  }
  // The site's CSP forbids frames and plugins (frame-src/object-src 'none'), so a PDF is
  // downloaded and read in the browser's own viewer rather than embedded here.
  const message =
    kind === 'heic'
      ? 'This photo is in HEIC format, which browsers cannot display. Download it to view it.'
      : kind === 'pdf'
        ? 'This document is a PDF. Download it to view it.'
        : 'This file cannot be shown here. Download it to view it.';
  return (
    <div className="grid justify-items-start gap-3 rounded-md border border-dashed border-border p-4 text-sm">
      <p>{message}</p>
      {download}
    </div>
  );
}
