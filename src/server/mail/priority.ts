/**
 * Mail someone is waiting for right now (CONTRACT §9): a staff member's invitation, an
 * applicant's resume link or e-mail confirmation, a staff test. They leave before bulk mail
 * (offers, notifications, a backlog of confirmations), however long the queue: with 1,300
 * applicant mails queued, new staff members' invitations once waited over four minutes.
 */
const URGENT_TEMPLATES = new Set([
  'admin_staff_invite.invitation',
  'apply_magic_link.resume_link',
  'admin_applicant_resend_link.resume_link',
  'admin_applicant_resend_link.confirm_email',
  'apply_details.confirm_email',
  'apply_basic.already_applied',
  'contact.staff_notification.test',
  'eoi.staff_notification.test',
]);

/**
 * Every priority, highest first: the worker claims level by level, each an index range of
 * (status, priority, next_attempt_at), rather than sorting every due row by both.
 */
export const MAIL_PRIORITIES = [1, 0] as const;

/** 1: someone is waiting for it; 0: everything else. The worker sends higher first. */
export function mailPriority(template: string): (typeof MAIL_PRIORITIES)[number] {
  return URGENT_TEMPLATES.has(template) ? 1 : 0;
}
