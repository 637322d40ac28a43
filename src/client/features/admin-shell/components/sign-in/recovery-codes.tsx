import { Copy, Download } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '#client/components/ui/button.tsx';
import { recoveryCodesText } from '../../utils/mfa.ts';
import { StepSection } from './step-section.tsx';

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
    <StepSection
      id="recovery-codes-title"
      title="Save your recovery codes"
      className="grid gap-4"
      intro={
        <>
          If you lose your phone, each code signs you in once instead of the code from your app.
          They are shown only now: keep them somewhere safe, such as a password manager.
        </>
      }
    >
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
    </StepSection>
  );
}
