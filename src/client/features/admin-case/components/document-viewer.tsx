import { FileWarning, Loader2, RotateCw, ZoomIn, ZoomOut } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { CaseFile } from '#shared/schemas/case.ts';
import { Button, buttonVariants } from '#client/components/ui/button.tsx';
import {
  KYC_TYPE_LABELS,
  downloadName,
  previewKind,
} from '#client/components/staff/kyc/kyc-format.ts';
import { KycStatusBadge } from '#client/components/staff/kyc/kyc-status-badge.tsx';
import { useKycFileUrl } from '#client/components/staff/kyc/use-kyc-file-url.ts';

const ZOOM_MIN = 1;
const ZOOM_MAX = 4;
const ZOOM_STEP = 0.5;

type Props = {
  /** 'Government ID' or 'Selfie Photo'. */
  title: string;
  file: CaseFile | null;
  /** The role may fetch identity files (admin-kyc-file). */
  mayView: boolean;
  name: string;
  /** What an empty frame says (with Veriff the documents stay with Veriff). */
  emptyText?: string;
};

/**
 * One identity file with zoom (+/−) and rotate (90°) buttons, so the selfie can be compared
 * with the ID photo side by side. The picture scrolls inside its frame when zoomed (the frame
 * is focusable, so arrow keys scroll it too); the page never grows.
 */
export function DocumentViewer({
  title,
  file,
  mayView,
  name,
  emptyText = 'Not uploaded yet',
}: Props) {
  return (
    <figure className="flex min-w-0 flex-col gap-2" aria-label={title}>
      <figcaption className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-medium">{title}</span>
        {file ? <KycStatusBadge status={file.status} /> : null}
      </figcaption>
      {!file ? (
        <Placeholder>{emptyText}</Placeholder>
      ) : !mayView ? (
        <Placeholder>Your role does not open identity files.</Placeholder>
      ) : (
        <FileView key={file.id} file={file} name={name} />
      )}
    </figure>
  );
}

function Placeholder({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex h-56 items-center justify-center rounded-md border border-dashed border-border p-4 text-center text-sm text-muted-foreground lg:h-[26rem]">
      {children}
    </div>
  );
}

function FileView({ file, name }: { file: CaseFile; name: string }) {
  const blob = useKycFileUrl(file.id);
  const [zoom, setZoom] = useState(1);
  const [turns, setTurns] = useState(0);
  const frame = useRef<HTMLDivElement>(null);
  // Zooming keeps the middle of the picture in view, rather than its top-left corner.
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    el.scrollLeft = (el.scrollWidth - el.clientWidth) / 2;
    el.scrollTop = (el.scrollHeight - el.clientHeight) / 2;
  }, [zoom]);
  const label = `${KYC_TYPE_LABELS[file.type]} of ${name}`;
  const kind = previewKind(file.content_type);

  if (blob.status === 'loading') {
    return (
      <div
        role="status"
        className="flex h-56 items-center justify-center gap-2 rounded-md border border-border text-sm text-muted-foreground lg:h-[26rem]"
      >
        <Loader2 aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
        Loading file...
      </div>
    );
  }
  if (blob.status === 'error') {
    return (
      <Placeholder>
        <FileWarning aria-hidden="true" className="mr-2 size-4" />
        The file could not be loaded.
      </Placeholder>
    );
  }
  if (kind !== 'image') {
    return (
      <Placeholder>
        <span className="grid justify-items-center gap-2">
          {kind === 'pdf'
            ? 'This document is a PDF.'
            : kind === 'heic'
              ? 'This photo is in HEIC format, which browsers cannot display.'
              : 'This file cannot be shown here.'}
          <a
            href={blob.url}
            download={downloadName(file)}
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
          >
            Download<span className="sr-only"> {label}</span>
          </a>
        </span>
      </Placeholder>
    );
  }

  const sideways = turns % 2 === 1;
  return (
    <div className="grid gap-2">
      <div
        ref={frame}
        className="h-56 overflow-auto rounded-md border border-border bg-muted/40 focus-visible:outline-2 focus-visible:outline-ring lg:h-[26rem]"
        tabIndex={0}
        role="region"
        aria-label={`${label}, zoom ${Math.round(zoom * 100)}%`}
      >
        <div
          className="flex h-full min-h-full w-full min-w-full items-center justify-center"
          style={{ width: `${zoom * 100}%`, height: `${zoom * 100}%` }}
        >
          <img
            src={blob.url}
            alt={label}
            className="max-h-full max-w-full object-contain transition-transform motion-reduce:transition-none"
            style={{
              // Turned sideways, the picture is shrunk so its long side still fits the frame.
              transform: `rotate(${turns * 90}deg)${sideways ? ' scale(0.75)' : ''}`,
            }}
          />
        </div>
      </div>
      <div
        className="flex flex-wrap items-center gap-1"
        role="group"
        aria-label={`${title(file)} view`}
      >
        <Button
          variant="outline"
          size="icon"
          className="size-8"
          aria-label={`Zoom out of the ${title(file)}`}
          disabled={zoom <= ZOOM_MIN}
          onClick={() => setZoom((z) => Math.max(ZOOM_MIN, z - ZOOM_STEP))}
        >
          <ZoomOut aria-hidden="true" />
        </Button>
        <span className="w-12 text-center text-xs tabular-nums" aria-hidden="true">
          {Math.round(zoom * 100)}%
        </span>
        <Button
          variant="outline"
          size="icon"
          className="size-8"
          aria-label={`Zoom in on the ${title(file)}`}
          disabled={zoom >= ZOOM_MAX}
          onClick={() => setZoom((z) => Math.min(ZOOM_MAX, z + ZOOM_STEP))}
        >
          <ZoomIn aria-hidden="true" />
        </Button>
        <Button
          variant="outline"
          size="icon"
          className="size-8"
          aria-label={`Rotate the ${title(file)} 90 degrees`}
          onClick={() => setTurns((t) => (t + 1) % 4)}
        >
          <RotateCw aria-hidden="true" />
        </Button>
        <a
          href={blob.url}
          download={downloadName(file)}
          className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'ml-auto' })}
        >
          Download<span className="sr-only"> {label}</span>
        </a>
      </div>
    </div>
  );
}

const title = (file: CaseFile) => KYC_TYPE_LABELS[file.type];
