import type {
  ApplicantInviteResponse,
  InviteGenerateResponse,
  KycListResponse,
} from '#shared/schemas/admin.ts';
import type { Tier } from '#shared/tiers.ts';
import { staffSignIn } from './server.ts';

/**
 * The staff side of the journey tests: the calls a staff member's screens make, signed in
 * with the e2e passphrase. Every call must succeed; a refusal fails the test with the
 * server's answer.
 */
export interface Staff {
  /** One fresh invitation code (`admin-invite-generate`), optionally e-mailed to `issuedTo`. */
  generateCode(issuedTo?: string): Promise<string>;
  /** `admin-applicant-invite`: invites an applicant from the public form; the code issued. */
  inviteApplicant(basicId: string): Promise<string>;
  /** The applicant's files waiting for review (`admin-kyc-list`). */
  pendingFiles(basicId: string): Promise<KycListResponse['data']>;
  /** Approves every pending file of the applicant (`admin-kyc-action`); how many. */
  approveAllFiles(basicId: string): Promise<number>;
  /** `admin-offer-issue`. */
  issueOffer(basicId: string, tier: Tier): Promise<void>;
  /** `admin-activation`. */
  activate(
    basicId: string,
    details: { cardLast4: string; tracking?: string; mobileAccess?: boolean },
  ): Promise<void>;
}

export async function signInStaff(baseURL: string): Promise<Staff> {
  const token = await staffSignIn(baseURL);

  async function call<T>(path: string, body: unknown): Promise<T> {
    const response = await fetch(`${baseURL}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-admin-pass': token },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`staff ${path}: HTTP ${response.status} ${text}`);
    return JSON.parse(text) as T;
  }

  const pendingFiles = async (basicId: string) => {
    // The queue's first 100, oldest first: a test server's few pending files.
    const { data } = await call<KycListResponse>('admin-kyc-list', {
      status: 'pending',
      page_size: 100,
    });
    return data.filter((file) => file.basic_id === basicId);
  };

  return {
    async generateCode(issuedTo) {
      const { codes } = await call<InviteGenerateResponse>('admin-invite-generate', {
        count: 1,
        issued_to: issuedTo ?? null,
      });
      const [code] = codes;
      if (!code) throw new Error('admin-invite-generate gave no code');
      return code;
    },
    async inviteApplicant(basicId) {
      const { code } = await call<ApplicantInviteResponse>('admin-applicant-invite', {
        basic_id: basicId,
      });
      return code;
    },
    pendingFiles,
    async approveAllFiles(basicId) {
      const files = await pendingFiles(basicId);
      for (const file of files) {
        await call('admin-kyc-action', {
          file_id: file.id,
          action: 'approve',
          notes: 'Clear and matching.',
        });
      }
      return files.length;
    },
    async issueOffer(basicId, tier) {
      await call('admin-offer-issue', { basic_id: basicId, tier, pricing_note: null });
    },
    async activate(basicId, details) {
      await call('admin-activation', {
        basic_id: basicId,
        card_last4: details.cardLast4,
        card_shipment_tracking: details.tracking ?? null,
        mobile_access_enabled: details.mobileAccess ?? true,
      });
    },
  };
}
