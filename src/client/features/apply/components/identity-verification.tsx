import { ArrowRight, ExternalLink, ShieldCheck } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { ApplyGetStageResponse } from '#shared/schemas/journey.ts';
import { KYC_FILE_TYPES, type KycFileType } from '#shared/stages.ts';
import { FormAlert } from '#client/components/form/form-alert.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { paths } from '#client/config/paths.ts';
import { serverMessage } from '#client/lib/server-errors.ts';
import { useStartKyc } from '../api/start-kyc.ts';
import { latestFiles, needsResubmission } from '../utils/application.ts';
import { BusyLabel } from '#client/components/ui/busy-label.tsx';
import { KycUploadCard } from './kyc-upload-card.tsx';

const START_FAILED_MESSAGE = 'We could not start your verification. Please try again.';

const startFailure = (error: unknown) => serverMessage(error, START_FAILED_MESSAGE);

function Reassurance() {
  return (
    <p className="flex items-start gap-3 rounded-md bg-muted px-4 py-3 text-sm leading-relaxed text-muted-foreground">
      <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold" />
      Your documents are encrypted, stored privately and seen only by our verification team. Photos
      are stripped of location and device data when they arrive.
    </p>
  );
}

/** Builtin provider: an ID document and a selfie, reviewed by our own staff. */
function BuiltinVerification({ application }: { application: ApplyGetStageResponse }) {
  const navigate = useNavigate();
  const start = useStartKyc();
  const [failure, setFailure] = useState<string | null>(null);
  const [uploading, setUploading] = useState<Partial<Record<KycFileType, boolean>>>({});
  const onBusyChange = useCallback(
    (type: KycFileType, busy: boolean) =>
      setUploading((current) => (current[type] === busy ? current : { ...current, [type]: busy })),
    [],
  );
  const latest = latestFiles(application.kyc_files);
  // Resubmitting after a rejection: verification is already under way.
  const submitted = application.stage === 'kyc_in_progress';
  const ready =
    KYC_FILE_TYPES.every((type) => latest[type] && latest[type].status !== 'rejected') &&
    !Object.values(uploading).some(Boolean);

  const done = () => {
    toast.success('Submitted for verification', {
      description: 'Our team usually completes the check within 1-2 business days.',
    });
    void navigate(paths.apply.review.getHref());
  };

  const onSubmit = async () => {
    setFailure(null);
    if (submitted) {
      done();
      return;
    }
    // Awaited rather than mutate()'s callbacks, which are dropped once this screen goes: the
    // live update of the new stage can take it away before the answer arrives.
    try {
      await start.mutateAsync();
    } catch (error) {
      setFailure(startFailure(error));
      return;
    }
    done();
  };

  return (
    <div className="grid gap-6">
      <div className="grid gap-5 lg:grid-cols-2">
        {KYC_FILE_TYPES.map((type) => (
          <KycUploadCard
            key={type}
            type={type}
            file={latest[type]}
            submitted={submitted}
            onBusyChange={onBusyChange}
          />
        ))}
      </div>
      <Reassurance />
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p id="kyc-submit-hint" className="text-sm text-muted-foreground">
          {ready ? 'Both files are ready to send.' : 'Upload your ID and a selfie to continue.'}
        </p>
        <Button
          type="button"
          size="lg"
          className="w-full sm:w-auto"
          disabled={!ready || start.isPending}
          aria-describedby="kyc-submit-hint"
          onClick={() => void onSubmit()}
        >
          <BusyLabel
            busy={start.isPending}
            working="Submitting..."
            idle={
              <>
                Submit for verification
                <ArrowRight aria-hidden="true" />
              </>
            }
          />
        </Button>
      </div>
    </div>
  );
}

/** Veriff: the applicant completes the check on the provider's own secure page. */
function VeriffVerification() {
  const navigate = useNavigate();
  const start = useStartKyc();
  const [failure, setFailure] = useState<string | null>(null);
  const onStart = async () => {
    setFailure(null);
    // Awaited rather than mutate()'s callbacks, which are dropped once this screen goes: the
    // stage moves on as the session starts, and its live update can show the review screen
    // before the answer arrives. The applicant must still reach Veriff's page.
    let response;
    try {
      response = await start.mutateAsync();
    } catch (error) {
      setFailure(startFailure(error));
      return;
    }
    if (response.url) window.location.assign(response.url);
    else void navigate(paths.apply.review.getHref());
  };
  return (
    <div className="grid gap-6">
      <div className="grid gap-3 text-sm leading-relaxed text-muted-foreground">
        <p>
          Identity checks are carried out by Veriff, our regulated verification partner. You will
          photograph your passport or driving licence and take a short selfie video on their secure
          page; it takes about three minutes.
        </p>
        <p>When you have finished, Veriff brings you back to Waj to follow your application.</p>
      </div>
      <Reassurance />
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <div>
        <Button
          type="button"
          size="lg"
          className="w-full sm:w-auto"
          disabled={start.isPending || start.isSuccess}
          onClick={() => void onStart()}
        >
          <BusyLabel
            busy={start.isPending || start.isSuccess}
            working="Starting..."
            idle={
              <>
                Start verification
                <ExternalLink aria-hidden="true" />
              </>
            }
          />
        </Button>
      </div>
    </div>
  );
}

/** Step 2 of the details screen, through whichever provider the bank runs (`kyc_provider`). */
export function IdentityVerification({ application }: { application: ApplyGetStageResponse }) {
  const veriff = application.kyc_provider === 'veriff';
  return (
    <div className="grid gap-6">
      {needsResubmission(application) ? (
        <FormAlert testId="kyc-resubmit">
          {veriff
            ? 'Your identity check could not be completed. Please start it again with your document to hand.'
            : 'We could not accept one of your files. The reason is shown below; please upload a new one.'}
        </FormAlert>
      ) : null}
      {veriff ? <VeriffVerification /> : <BuiltinVerification application={application} />}
    </div>
  );
}
