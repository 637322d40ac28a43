import type { KycListFile } from '#shared/schemas/admin.ts';
import type { KycFileStatus, KycFileType } from '#shared/stages.ts';

/** SPEC §2: the two cards of each applicant. */
export const KYC_TYPE_LABELS: Record<KycFileType, string> = {
  document: 'Government ID',
  selfie: 'Selfie Photo',
};

export const KYC_STATUS_LABELS: Record<KycFileStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const UNKNOWN_APPLICANT = 'Unknown Applicant';

export function applicantNameOf(file: KycListFile): string {
  return file.application.full_name ?? UNKNOWN_APPLICANT;
}

export type KycApplicantGroup = {
  basicId: string;
  fullName: string | null;
  email: string | null;
  appliedAt: string;
  /** The newest file of each type: the one under review, or the one to be replaced. */
  document: KycListFile | null;
  selfie: KycListFile | null;
  /** Newest upload of the applicant, for ordering. */
  latestUpload: string;
  hasPending: boolean;
  sanctions: KycSanctions;
};

/** What the card says about sanctions screening: a match, a cleared match, or nothing. */
export type KycSanctions = 'match' | 'cleared' | null;

export function kycSanctions(
  application: Pick<KycListFile['application'], 'sanctions_match' | 'sanctions_cleared'>,
): KycSanctions {
  if (!application.sanctions_match) return null;
  return application.sanctions_cleared ? 'cleared' : 'match';
}

/**
 * Groups files (newest first, as `admin-kyc-list` sends them) by applicant. Applicants with a
 * file waiting come first, then the most recently active.
 */
export function groupByApplicant(files: readonly KycListFile[]): KycApplicantGroup[] {
  const groups = new Map<string, KycApplicantGroup>();
  for (const file of files) {
    let group = groups.get(file.basic_id);
    if (!group) {
      group = {
        basicId: file.basic_id,
        fullName: file.application.full_name,
        email: file.application.email,
        appliedAt: file.application.created_at,
        document: null,
        selfie: null,
        latestUpload: file.uploaded_at,
        hasPending: false,
        // Every file carries the same application, as it is now.
        sanctions: kycSanctions(file.application),
      };
      groups.set(file.basic_id, group);
    }
    group[file.type] ??= file;
    if (file.uploaded_at > group.latestUpload) group.latestUpload = file.uploaded_at;
  }
  const list = [...groups.values()];
  for (const group of list) {
    group.hasPending = group.document?.status === 'pending' || group.selfie?.status === 'pending';
  }
  return list.sort(
    (a, b) =>
      Number(b.hasPending) - Number(a.hasPending) || b.latestUpload.localeCompare(a.latestUpload),
  );
}

/** How the preview can show a file: browsers show these images; HEIC and PDF they cannot here. */
export function previewKind(contentType: string): 'image' | 'pdf' | 'heic' | 'other' {
  if (['image/jpeg', 'image/png', 'image/webp'].includes(contentType)) return 'image';
  if (contentType === 'application/pdf') return 'pdf';
  if (contentType === 'image/heic' || contentType === 'image/heif') return 'heic';
  return 'other';
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'application/pdf': 'pdf',
};

export function downloadName(file: Pick<KycListFile, 'type' | 'id' | 'content_type'>): string {
  return `${file.type}-${file.id}.${EXTENSIONS[file.content_type] ?? 'bin'}`;
}
