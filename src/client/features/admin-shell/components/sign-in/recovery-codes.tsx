import { Copy, Download } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '#client/components/ui/button.tsx';
import { useFocusOnMount } from '../../hooks/use-focus-on-mount.ts';
import { recoveryCodesText } from '../../utils/mfa.ts';

export const RECOVERY_FILE_NAME = 'waj-recovery-codes.txt';

type RecoveryCodesProps = {
  codes: readonly string[];
  email: string | null;
  onContinue: () => void;
};

/** Offers the codes as a .txt file, made in the browser: they never travel again. */
function downloadText(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The ten recovery codes, shown once after enrolment: copy, download, then on to the panel
 * (the token is stored only then, so nobody skips past them by accident).
 */
export function RecoveryCodes({ codes, email, onContinue }: RecoveryCodesProps) {
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const text = () => recoveryCodesText(codes, { email });

  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(text());
      toast.success('Recovery codes copied');
    } catch (error) {
      console.error('Copying the recovery codes failed', error);
      toast.error('Failed to copy codes');
    }
  };

  const onDownload = () => {
    try {
      downloadText(text(), RECOVERY_FILE_NAME);
      toast.success('Recovery codes downloaded', { description: RECOVERY_FILE_NAME });
    } catch (error) {
      console.error('Downloading the recovery codes failed', error);
      toast.error('Failed to download codes');
    }
  };

  return (
    <section aria-labelledby="recovery-codes-title" className="grid gap-4">
      <div className="grid gap-1">
        <h2
          id="recovery-codes-title"
          ref={headingRef}
          tabIndex={-1}
          className="font-serif text-xl leading-tight outline-none"
        >
          Save your recovery codes
        </h2>
        <p className="text-sm text-muted-foreground">
          If you lose your phone, each code signs you in once instead of the code from your app.
          They are shown only now: keep them somewhere safe, such as a password manager.
        </p>
      </div>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-x-6 gap-y-1.5 rounded-lg border border-border bg-muted/40 p-4 font-mono text-[0.9375rem] tracking-wide min-[22rem]:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} className="break-all">
            {code}
          </li>
        ))}
      </ol>
      <div className="grid gap-2 min-[22rem]:grid-cols-2">
        <Button type="button" variant="outline" onClick={() => void onCopy()}>
          <Copy aria-hidden="true" />
          Copy codes
        </Button>
        <Button type="button" variant="outline" onClick={onDownload}>
          <Download aria-hidden="true" />
          Download codes
        </Button>
      </div>
      <Button type="button" onClick={onContinue}>
        Continue to the dashboard
      </Button>
    </section>
  );
}
