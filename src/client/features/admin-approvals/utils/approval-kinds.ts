/**
 * What each kind of four-eyes request means to the member deciding it (CONTRACT §9): who may
 * decide it (the call of its own that the registry guards), what approving does, which cannot
 * be undone, and what rejecting leaves as it is.
 */
import { STAFF_CALLS, mayCall, type StaffCall } from '#shared/calls.ts';
import {
  APPROVAL_KIND_LABELS,
  type ApprovalKind,
  type ApprovalRow,
} from '#shared/schemas/casework.ts';
import type { StaffMember, StaffRole } from '#shared/staff.ts';

/** The kind's own call: a role that may make it may decide the request (the server agrees). */
export const DECIDE_CALL: Record<ApprovalKind, StaffCall> = {
  pep_offer: 'admin-offer-approve',
  decline: 'admin-applicant-decline',
  screening_clear: 'admin-screening-alert-clear-approve',
  erasure: 'admin-applicant-erase-approve',
};

const ROLE_WORDS: Record<StaffRole, string> = {
  owner: 'an owner',
  compliance: 'compliance',
  operations: 'operations',
  mlro: 'the MLRO',
};

/** 'an owner', 'an owner or compliance', 'an owner, compliance or the MLRO'. */
function rolesInWords(roles: readonly StaffRole[]): string {
  const words = roles.map((role) => ROLE_WORDS[role]);
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}` : words.join('');
}

export const SELF_REQUEST_NOTE = 'You asked for this: another member must approve it.';

/**
 * Why the member may not decide this request, or null when they may: their own request, or a
 * kind their role does not decide.
 */
export function whyNotDecide(row: ApprovalRow, staff: StaffMember): string | null {
  if (row.requested_by === staff.id) return SELF_REQUEST_NOTE;
  const call = DECIDE_CALL[row.kind];
  if (mayCall(staff.role, call)) return null;
  return `Only ${rolesInWords(STAFF_CALLS[call])} may decide this request.`;
}

export const kindLabel = (kind: ApprovalKind) => APPROVAL_KIND_LABELS[kind];

/** The label inside a sentence: 'decline', 'offer to a PEP'. */
export function kindPhrase(kind: ApprovalKind): string {
  const label = APPROVAL_KIND_LABELS[kind];
  return label.charAt(0).toLowerCase() + label.slice(1);
}

type ApproveText = {
  title: (name: string) => string;
  /** What happens, irreversibly. */
  effect: (name: string, detail: string | null) => string;
  confirm: string;
  working: string;
  done: string;
  variant: 'destructive' | 'default';
};

export const APPROVE_TEXT: Record<ApprovalKind, ApproveText> = {
  decline: {
    title: (name) => `Decline ${name}?`,
    effect: () =>
      'The applicant will be told by e-mail and on their screens that their application was not successful. The application ends and cannot be resumed.',
    confirm: 'Approve decline',
    working: 'Declining...',
    done: 'Application declined',
    variant: 'destructive',
  },
  pep_offer: {
    title: (name) => `Send the offer to ${name}?`,
    effect: (name, detail) =>
      `${name} is a politically exposed person. Approving sends them the offer${detail ? ` (${detail})` : ''} at once, and it cannot be taken back.`,
    confirm: 'Approve offer',
    working: 'Approving...',
    done: 'Offer approved and sent',
    variant: 'default',
  },
  screening_clear: {
    title: (name) => `Clear the screening match on ${name}?`,
    effect: () =>
      'The alert closes as a false positive and no longer holds the applicant. This cannot be undone.',
    confirm: 'Approve clearance',
    working: 'Approving...',
    done: 'Clearance approved',
    variant: 'default',
  },
  erasure: {
    title: (name) => `Erase ${name}?`,
    effect: () =>
      'Every personal field and stored identity file is erased at once; the timeline keeps its records, which hold no personal data. This cannot be undone.',
    confirm: 'Approve erasure',
    working: 'Erasing...',
    done: 'Personal data erased',
    variant: 'destructive',
  },
};

/** What stays as it is when the request is rejected. */
export const REJECT_EFFECT: Record<ApprovalKind, string> = {
  decline: 'The application carries on as it is.',
  pep_offer: 'No offer is sent; a new one can be issued later.',
  screening_clear: 'The alert stays open and keeps holding the applicant.',
  erasure: 'Nothing is erased.',
};
