import { expect } from 'vitest';
import type { TestApp } from './app.ts';

/** A staff call through the whole server, as `token`. */
export const staffCall = (t: TestApp, call: string, token: string, payload: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/${call}`,
    payload,
    headers: { 'x-admin-pass': token },
  });

/**
 * A decline as it now takes effect (CONTRACT §9): asked by `requester`, approved in the
 * approvals queue by `approver` (another member). Returns the approval's answer.
 */
export async function declineWithApproval(
  t: TestApp,
  basicId: string,
  reason: string,
  tokens: { requester: string; approver: string },
) {
  const asked = await staffCall(t, 'admin-applicant-decline', tokens.requester, {
    basic_id: basicId,
    reason,
  });
  expect(asked.statusCode, asked.body).toBe(200);
  return staffCall(t, 'admin-approval-decide', tokens.approver, {
    id: asked.json().request_id,
    decision: 'approve',
  });
}
