import type { KycFileType } from '#shared/stages.ts';
import { applicantMail, type MailContent } from './applicant-layout.ts';

/** What every "please act" identity mail is given: who it greets and the link back. */
interface ActionLink {
  /** 'Dear Ada,' for a proven address, a neutral greeting otherwise (applicant-layout). */
  greeting: string;
  /** A single-use resume link: it opens the application on any device. */
  url: string;
  /** How long the link lasts, for the reader: '24 hours'. */
  validFor: string;
}

const FILE_NAMES: Record<KycFileType, string> = { document: 'ID document', selfie: 'selfie' };

const linkWords = (validFor: string) =>
  `The link below opens your application on any device. It works once and expires in ${validFor}; once it has, the page it opens offers to e-mail you a new one. Please do not forward it.`;

/**
 * `admin-kyc-action` reject (builtin): staff could not accept one file. Says which, the reason
 * staff gave the applicant (never their internal notes), and leads back to the upload.
 */
export function documentRejectedMail(
  options: ActionLink & { type: KycFileType; reason: string },
): MailContent {
  const file = FILE_NAMES[options.type];
  return applicantMail({
    subject: `Please upload your ${file} again`,
    greeting: options.greeting,
    paragraphs: [
      `We reviewed your identity documents and could not accept your ${file}.`,
      `Reason: ${options.reason}`,
      `Please open your application and upload a new ${file}. Once it is uploaded, press the button to submit your documents again, and we will review it.`,
      linkWords(options.validFor),
    ],
    action: { label: `Upload your ${file}`, url: options.url },
  });
}

/** Why Veriff sent the applicant back (`veriff-webhook`). */
export type VerifyAgainReason = 'resubmission_requested' | 'expired' | 'abandoned';

const VERIFY_AGAIN: Record<VerifyAgainReason, { subject: string; text: string }> = {
  resubmission_requested: {
    subject: 'Please verify your identity again',
    text: 'Our verification partner, Veriff, could not complete your identity check with the photos it received and needs you to take them again.',
  },
  expired: {
    subject: 'Your identity verification was not completed',
    text: 'Your identity verification session expired before it was finished, so we could not check your identity.',
  },
  abandoned: {
    subject: 'Your identity verification was not completed',
    text: 'Your identity verification was started but not finished, so we could not check your identity.',
  },
};

/**
 * `veriff-webhook`: a resubmission was asked for, or the session expired or was abandoned; the
 * application is back at the verification step and waits for the applicant.
 */
export function verifyAgainMail(
  options: ActionLink & { why: VerifyAgainReason; note?: string | undefined },
): MailContent {
  const copy = VERIFY_AGAIN[options.why];
  return applicantMail({
    subject: copy.subject,
    greeting: options.greeting,
    paragraphs: [
      copy.text,
      ...(options.note ? [`Veriff's note: ${options.note}`] : []),
      'Please open your application and start the verification again. It takes a few minutes; have your passport or driving licence to hand, and use a well-lit room.',
      linkWords(options.validFor),
    ],
    action: { label: 'Verify your identity', url: options.url },
  });
}
