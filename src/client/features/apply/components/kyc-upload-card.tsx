import { CircleAlert, CircleCheck, Clock, FileText, RotateCcw, Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import type { KycFileSummary } from '#shared/schemas/journey.ts';
import type { KycFileType } from '#shared/stages.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { serverMessage } from '#client/lib/server-errors.ts';
import { cn } from '#client/utils/cn.ts';
import { useUploadKycFile } from '../api/upload-kyc-file.ts';
import { formatDate, formatFileSize } from '../utils/format.ts';
import { KYC_TYPES_FOR, KYC_TYPE_HINT, canPreview, checkKycFile } from '../utils/kyc-file.ts';
import { BusyLabel } from '#client/components/ui/busy-label.tsx';

const UPLOAD_FAILED_MESSAGE = 'The upload did not complete. Please try again.';

const COPY: Record<KycFileType, { title: string; text: string; choose: string }> = {
  document: {
    title: 'Government ID',
    text: 'Your passport photo page or the front of your UK driving licence. All four corners in view, no glare, every word readable.',
    choose: 'Choose ID document',
  },
  selfie: {
    title: 'Selfie',
    text: 'A clear photo of your face in good light, looking at the camera, without sunglasses or a hat.',
    choose: 'Take or choose a selfie',
  },
};

function StatusBadge({ file, submitted }: { file: KycFileSummary; submitted: boolean }) {
  if (file.status === 'approved') {
    return (
      <Badge variant="gold">
        <CircleCheck aria-hidden="true" />
        Approved
      </Badge>
    );
  }
  if (file.status === 'rejected') {
    return (
      <Badge variant="outline" className="border-destructive-text/50 text-destructive-text">
        <CircleAlert aria-hidden="true" />
        Rejected
      </Badge>
    );
  }
  return (
    <Badge variant="outline">
      {submitted ? <Clock aria-hidden="true" /> : <CircleCheck aria-hidden="true" />}
      {submitted ? 'Pending review' : 'Uploaded'}
    </Badge>
  );
}

/**
 * The picker's filter. The selfie takes any image and sets no `capture`, so phones offer both
 * the camera and the photo library (a `capture` value would force the camera).
 */
const ACCEPT: Record<KycFileType, string> = {
  document: [...KYC_TYPES_FOR.document, '.heic', '.heif'].join(','),
  selfie: 'image/*',
};

type Preview = { url: string | null; name: string; size: number };

/**
 * One identity file (ID document or selfie): choose, checked here for type and size before
 * anything is sent, uploaded at once (`apply-kyc-upload`), then shown with its review status.
 * A rejected file shows the reason staff gave the applicant and asks for a new one.
 */
export function KycUploadCard({
  type,
  file,
  submitted,
  onBusyChange,
}: {
  type: KycFileType;
  /** The newest file of this type the server has, if any. */
  file: KycFileSummary | undefined;
  /** Verification has started: files wait for staff rather than for the applicant. */
  submitted: boolean;
  onBusyChange: (type: KycFileType, busy: boolean) => void;
}) {
  const copy = COPY[type];
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useUploadKycFile();
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const headingId = useId();
  const messageId = useId();

  // Object URLs hold the image in memory until revoked.
  useEffect(() => {
    const url = preview?.url;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [preview]);

  useEffect(() => {
    onBusyChange(type, upload.isPending);
  }, [onBusyChange, type, upload.isPending]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    // Let the same file be chosen again after a failure.
    event.target.value = '';
    if (!chosen) return;
    const refusal = checkKycFile(chosen, type);
    if (refusal) {
      setProblem(refusal);
      return;
    }
    setProblem(null);
    const next: Preview = {
      url: canPreview(chosen) ? URL.createObjectURL(chosen) : null,
      name: chosen.name,
      size: chosen.size,
    };
    upload.mutate(
      { type, file: chosen },
      {
        onSuccess: () => setPreview(next),
        onError: (error) => {
          if (next.url) URL.revokeObjectURL(next.url);
          setProblem(serverMessage(error, UPLOAD_FAILED_MESSAGE));
        },
      },
    );
  };

  const rejected = file?.status === 'rejected';
  const canReplace = !file || (!submitted && file.status === 'pending') || rejected;
  const busy = upload.isPending;

  return (
    <section
      aria-labelledby={headingId}
      data-testid={`kyc-${type}`}
      className={cn(
        'flex flex-col gap-4 rounded-lg border bg-card p-5 sm:p-6',
        rejected ? 'border-destructive-text/50' : 'border-border',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <h3 id={headingId} className="text-lg">
          {copy.title}
        </h3>
        {file ? <StatusBadge file={file} submitted={submitted} /> : null}
      </div>
      <p className="text-sm leading-relaxed text-muted-foreground">{copy.text}</p>

      {preview ? (
        <div className="overflow-hidden rounded-md border border-border bg-muted">
          {preview.url ? (
            <img
              src={preview.url}
              alt={`Your ${copy.title.toLowerCase()} as uploaded`}
              width={640}
              height={400}
              className="aspect-[16/10] h-auto w-full object-contain"
            />
          ) : (
            <div className="flex aspect-[16/10] flex-col items-center justify-center gap-2 p-4 text-center">
              <FileText aria-hidden="true" className="size-8 text-gold" />
              <span className="max-w-full truncate text-sm font-medium">{preview.name}</span>
              <span className="text-xs text-muted-foreground">{formatFileSize(preview.size)}</span>
            </div>
          )}
        </div>
      ) : file ? (
        <p className="flex items-center gap-2 rounded-md bg-muted px-3 py-2.5 text-sm">
          <FileText aria-hidden="true" className="size-4 shrink-0 text-gold" />
          Uploaded on {formatDate(file.uploaded_at)}
        </p>
      ) : null}

      {rejected ? (
        <div className="rounded-md border border-destructive-text/40 bg-destructive/8 px-4 py-3 text-sm">
          <p className="font-medium text-destructive-text">We could not accept this file.</p>
          <p className="mt-1 leading-relaxed text-foreground">
            {file.rejection_reason ?? 'Please upload a clearer copy.'}
          </p>
        </div>
      ) : null}

      {problem ? (
        <p id={messageId} role="alert" className="text-sm leading-snug text-destructive-text">
          {problem}
        </p>
      ) : null}

      {canReplace ? (
        <div className="mt-auto grid gap-2 pt-1">
          <input
            ref={inputRef}
            type="file"
            hidden
            accept={ACCEPT[type]}
            aria-label={copy.choose}
            data-testid={`kyc-${type}-input`}
            onChange={onChange}
          />
          <Button
            type="button"
            variant={file && !rejected ? 'outline' : 'default'}
            disabled={busy}
            aria-describedby={problem ? messageId : undefined}
            onClick={() => inputRef.current?.click()}
          >
            <BusyLabel
              busy={busy}
              working="Uploading..."
              idle={
                <>
                  {rejected ? <RotateCcw aria-hidden="true" /> : <Upload aria-hidden="true" />}
                  {rejected ? 'Upload again' : file ? 'Replace' : copy.choose}
                  {rejected || file ? <span className="sr-only"> ({copy.title})</span> : null}
                </>
              }
            />
          </Button>
          <p className="text-xs text-muted-foreground">{KYC_TYPE_HINT[type]}</p>
        </div>
      ) : null}
    </section>
  );
}
