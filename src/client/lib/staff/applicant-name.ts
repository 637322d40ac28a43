import type { ApplicantRow } from '#shared/schemas/admin-lists.ts';

/** How staff name an applicant in buttons and dialogs. */
export function applicantName(row: Pick<ApplicantRow, 'full_name' | 'email'>): string {
  return row.full_name ?? row.email ?? 'Unknown Applicant';
}
